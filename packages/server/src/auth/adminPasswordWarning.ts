/**
 * A production start whose ADMIN_PASSWORD is easy to guess is warned about loudly, not refused
 * (docs/decisions/027-admin-second-factor.md): production always asks for a second factor, so the
 * password alone opens nothing, and refusing to start would take a running site down at its next
 * restart. The admin area refuses such a password as a new one.
 */
import type { EnvConfig } from '../config.js';
import { weakPasswordReason } from './passwordStrength.js';

/** The warning for this environment's admin password, or undefined (strong, or not production). */
export function weakAdminPasswordWarning(env: Pick<EnvConfig, 'nodeEnv' | 'admin'>): string | undefined {
  if (env.nodeEnv !== 'production' || !env.admin) return undefined;
  const reason = weakPasswordReason(env.admin.password, [env.admin.email, env.admin.name]);
  if (!reason) return undefined;
  return `ADMIN_PASSWORD is easy to guess: ${reason.replace(/\.?$/, '.')} Set a stronger ADMIN_PASSWORD, or change the password in the admin area.`;
}
