/**
 * The admin's ten one-time recovery codes (docs/decisions/027-admin-second-factor.md): 10
 * characters of a 32-letter alphabet without look-alikes (50 bits each), shown once as XXXXX-XXXXX,
 * stored only as keyed hashes; typed in any case, with or without the dash.
 */
import { randomInt } from 'node:crypto';
import { keyedHash } from './sealed.js';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function hashRecoveryCode(secret: string, code: string): string {
  return keyedHash(secret, 'recovery-code', code.replace(/[\s-]/g, '').toUpperCase());
}
