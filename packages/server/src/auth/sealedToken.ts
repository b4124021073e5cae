/**
 * Tokens that travel in e-mails: the member id sealed with AES-256-GCM under a key derived from
 * SESSION_SECRET for one purpose. Nobody can read the id out of a link, forge one, or use an
 * unsubscribe link as a sign-in link (each purpose has its own key, and the purpose is inside too).
 * A token may carry an expiry; an unsubscribe link never expires (mail clients keep them for ever).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type TokenPurpose = 'unsubscribe' | 'dashboard';

interface Sealed {
  p: TokenPurpose;
  m: string;
  /** Expiry, epoch seconds; absent: never. */
  e?: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(secret: string, purpose: TokenPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'prr-e-mail-links', `token:${purpose}`, 32));
}

export function sealToken(purpose: TokenPurpose, memberId: string, secret: string, expiresAt?: Date): string {
  const payload: Sealed = {
    p: purpose,
    m: memberId,
    ...(expiresAt ? { e: Math.floor(expiresAt.getTime() / 1000) } : {}),
  };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The member id of a valid, unexpired token for this purpose; undefined for anything else. */
export function openToken(purpose: TokenPurpose, token: string, secret: string, now: Date): string | undefined {
  if (token.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const sealed = JSON.parse(text) as Partial<Sealed>;
    if (sealed.p !== purpose || typeof sealed.m !== 'string') return undefined;
    if (sealed.e !== undefined && sealed.e * 1000 <= now.getTime()) return undefined;
    return sealed.m;
  } catch {
    // A wrong key, a changed byte or a truncated token: all the same to the caller.
    return undefined;
  }
}
