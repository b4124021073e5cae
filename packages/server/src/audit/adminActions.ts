/**
 * Every admin action, recorded twice (docs/product/rules.md#security-events): one `admin.action`
 * log line with the request id, and a record in the store's activity log, kept a year, that the
 * Activity page lists. Called after the change has committed, so only what happened is recorded.
 */
import { randomUUID } from 'node:crypto';
import type { AdminAction } from '@prr/contract';
import { adminActivityCutoff } from '@prr/domain';
import type { AppContext } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { errorFields } from '../log.js';
import { clientNetwork } from '../middleware/rateLimit.js';
import { logSecurityEvent } from './securityLog.js';

export interface AdminActionDetails {
  /** The participant concerned: their id and their name as it was (never their e-mail). */
  participant?: { id: string; name: string };
}

/**
 * Logs and stores one admin action. The records past the year go with each new one (one indexed
 * DELETE, or one pass over the lowdb list), so no scheduler is needed to keep to the year.
 * The change has already committed when this runs, so a store failure here is logged rather
 * than answered: the log line is written first and holds the action either way.
 */
export async function recordAdminAction(
  deps: Pick<AppDeps, 'store' | 'clock' | 'logger'>,
  ctx: Pick<AppContext, 'ip' | 'state'>,
  action: AdminAction,
  details: AdminActionDetails = {},
): Promise<void> {
  const adminId = ctx.state.admin?.id ?? 'unknown';
  const participant = details.participant;
  logSecurityEvent(deps.logger, ctx, 'admin.action', {
    outcome: 'success',
    action,
    adminId,
    ...(participant ? { memberId: participant.id } : {}),
  });
  const now = deps.clock.now();
  try {
    await deps.store.adminActivity.add({
      id: randomUUID(),
      at: now.toISOString(),
      action,
      adminId,
      ...(participant ? { participant: { name: participant.name } } : {}),
      network: clientNetwork(ctx.ip),
    });
    await deps.store.adminActivity.deleteBefore(adminActivityCutoff(now));
  } catch (error) {
    deps.logger.error('admin action not stored', { requestId: ctx.state.requestId, action, ...errorFields(error) });
  }
}
