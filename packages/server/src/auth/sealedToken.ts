/**
 * Tokens that travel in e-mails: the member id sealed with AES-256-GCM under a key derived from
 * SESSION_SECRET for one purpose. Nobody can read the id out of a link, forge one, or use an
 * unsubscribe link as a sign-in link (each purpose has its own key, and the purpose is inside too).
 * A token may carry an expiry; an unsubscribe link never expires (mail clients keep them for ever).
 * A dashboard key also carries a random id and its issue time, so the store can let it open once
 * and revoke it (docs/decisions/025-e-mail-key-flow.md).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type TokenPurpose = 'unsubscribe' | 'dashboard';

interface Sealed {
  p: TokenPurpose;
  m: string;
  /** Expiry, epoch seconds; absent: never. */
  e?: number;
  /** A key's random id. */
  j?: string;
  /** A key's issue time, epoch ms. */
  i?: number;
}

/** What an opened dashboard key names (store/types.ts, MemberKey). */
export interface OpenedKey {
  keyId: string;
  memberId: string;
  issuedAt: Date;
  expiresAt: Date;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(secret: string, purpose: TokenPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'prr-e-mail-links', `token:${purpose}`, 32));
}

export function sealToken(purpose: TokenPurpose, memberId: string, secret: string, expiresAt?: Date): string {
  return seal(secret, {
    p: purpose,
    m: memberId,
    ...(expiresAt ? { e: Math.floor(expiresAt.getTime() / 1000) } : {}),
  });
}

/** A single-use key for the member: a new random id, issued now, expiring at `expiresAt`. */
export function sealKey(memberId: string, secret: string, issuedAt: Date, expiresAt: Date): string {
  return seal(secret, {
    p: 'dashboard',
    m: memberId,
    e: Math.floor(expiresAt.getTime() / 1000),
    j: randomBytes(16).toString('base64url'),
    i: issuedAt.getTime(),
  });
}

/** The key a valid, unexpired dashboard token names; undefined for anything else (old links without an id too). */
export function openKey(token: string, secret: string, now: Date): OpenedKey | undefined {
  const sealed = openSealed('dashboard', token, secret, now);
  if (!sealed || typeof sealed.j !== 'string' || typeof sealed.i !== 'number' || sealed.e === undefined) {
    return undefined;
  }
  return { keyId: sealed.j, memberId: sealed.m, issuedAt: new Date(sealed.i), expiresAt: new Date(sealed.e * 1000) };
}

function seal(secret: string, payload: Sealed): string {
  const purpose = payload.p;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The member id of a valid, unexpired token for this purpose; undefined for anything else. */
export function openToken(purpose: TokenPurpose, token: string, secret: string, now: Date): string | undefined {
  return openSealed(purpose, token, secret, now)?.m;
}

function openSealed(
  purpose: TokenPurpose,
  token: string,
  secret: string,
  now: Date,
): (Sealed & { m: string }) | undefined {
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
    return { ...sealed, p: purpose, m: sealed.m };
  } catch {
    // A wrong key, a changed byte or a truncated token: all the same to the caller.
    return undefined;
  }
}
