/**
 * Small values sealed with AES-256-GCM under a key derived from SESSION_SECRET for one purpose:
 * unreadable and unforgeable without the secret, and a value sealed for one purpose never opens
 * for another. Used for the admin's pending sign-in cookie and TOTP secret at rest.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export type SealPurpose = 'admin-pending' | 'admin-totp-secret' | 'admin-device';

const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyFor = (secret: string, purpose: SealPurpose): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'prr-admin', `seal:${purpose}`, 32));

export function seal(purpose: SealPurpose, value: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The sealed value, or undefined for anything not sealed by this secret for this purpose. */
export function unseal(purpose: SealPurpose, sealed: string, secret: string): string | undefined {
  if (sealed.length > 4000 || !/^[A-Za-z0-9_-]+$/.test(sealed)) return undefined;
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

/** A keyed one-way hash (recovery codes, challenge keys): a stolen store gives no code back. */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', keyFor(secret, 'admin-pending')).update(`${purpose}\0${value}`).digest('base64url');
}
