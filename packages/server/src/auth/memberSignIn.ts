/**
 * Member sign-in without a password (docs/decisions/005-member-sign-in.md). The address is proved
 * by what only its owner receives: a 6-digit code or a one-time link (SIGN_IN_MINUTES, single use,
 * at most 5 wrong codes), or the sealed key of a welcome or daily e-mail (EMAIL_LINK_DAYS, single
 * use, revoked by sign-out everywhere: docs/decisions/025-e-mail-key-flow.md). The store keeps
 * only hashes: the code's under the server's secret (a million codes are easy to try against a
 * plain hash), the link's plain (it has 256 random bits); of a key, only its random id once used.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { SIGN_IN_MAX_WRONG_CODES, SIGN_IN_MESSAGES, SIGN_IN_MINUTES } from '@prr/contract';
import { fieldError, isAppError, notFound, proveAddress, type Proof, type StoredMember } from '@prr/domain';
import { openDashboardKey } from './emailLinkTokens.js';
import type { AppStore } from '../store/types.js';

const codeHash = (secret: string, memberId: string, code: string): string =>
  createHmac('sha256', secret).update(`sign-in-code:${memberId}:${code}`).digest('hex');

const linkHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface StartedSignIn {
  member: StoredMember;
  /** Sent in the e-mail only; the store keeps their hashes. */
  code: string;
  linkToken: string;
}

/** A new code and link for the member with this address (replacing any earlier ones), or 404. */
export async function startSignIn(store: AppStore, email: string, now: Date, secret: string): Promise<StartedSignIn> {
  const member = await store.memberByEmail(email);
  if (!member) throw notFound('Member not found');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const linkToken = randomBytes(32).toString('base64url');
  await store.signIns.put({
    memberId: member.id,
    codeHash: codeHash(secret, member.id, code),
    linkHash: linkHash(linkToken),
    expiresAt: new Date(now.getTime() + SIGN_IN_MINUTES * 60_000).toISOString(),
    wrongCodes: 0,
    createdAt: now.toISOString(),
  });
  return { member, code, linkToken };
}

const codeExpired = () => fieldError('code', SIGN_IN_MESSAGES.codeExpired);
const linkExpired = () => fieldError('token', SIGN_IN_MESSAGES.linkExpired);

/**
 * The member whose pending code this is, proved; the code is used up. Wrong codes count toward the
 * limit; `onVoided` hears of the try that voided the code (a security event).
 */
export async function signInWithCode(
  store: AppStore,
  email: string,
  code: string,
  now: Date,
  secret: string,
  onVoided: (memberId: string) => void = () => undefined,
): Promise<Proof> {
  // An unknown address gets the same answer as an expired code: this screen reveals nothing new.
  const member = await store.memberByEmail(email);
  if (!member) throw codeExpired();
  // Counted before compared, atomically: attempts arriving together cannot pass the limit.
  const attempt = await store.signIns.tryCode(
    member.id,
    codeHash(secret, member.id, code),
    now,
    SIGN_IN_MAX_WRONG_CODES,
  );
  if (attempt.outcome === 'signed-in') return proved(store, member.id, now, codeExpired);
  if (attempt.outcome === 'wrong' && attempt.wrongCodes < SIGN_IN_MAX_WRONG_CODES) {
    throw fieldError('code', SIGN_IN_MESSAGES.wrongCode);
  }
  // The last allowed wrong try voids the sign-in; the code and link are dead.
  if (attempt.outcome === 'wrong') {
    await store.signIns.remove(member.id);
    onVoided(member.id);
  }
  throw codeExpired();
}

/** How a link signed in: an e-mail's sealed key, or a sign-in e-mail's one-time link. */
export type LinkMethod = 'key' | 'link';

/**
 * The member an e-mail key or one-time sign-in link names, proved; the key or link is used up
 * (once, atomically). Expired, used, revoked or unknown: 400 `token` linkExpired.
 */
export async function signInWithLink(
  store: AppStore,
  token: string,
  now: Date,
  secret: string,
): Promise<Proof & { method: LinkMethod }> {
  const key = openDashboardKey(token, secret, now);
  if (key) {
    if (!(await store.memberKeys.use(key, now))) throw linkExpired();
    return { ...(await proved(store, key.memberId, now, linkExpired)), method: 'key' };
  }
  const taken = await store.signIns.take({ linkHash: linkHash(token) });
  if (!taken || Date.parse(taken.expiresAt) <= now.getTime()) throw linkExpired();
  return { ...(await proved(store, taken.memberId, now, linkExpired)), method: 'link' };
}

/** Whose key or one-time link this is, using nothing up: the same refusals as signInWithLink. */
export async function memberOfLink(store: AppStore, token: string, now: Date, secret: string): Promise<StoredMember> {
  const key = openDashboardKey(token, secret, now);
  const pending = key ? undefined : await store.signIns.byLink(linkHash(token));
  const memberId = key?.memberId ?? pending?.memberId;
  if (memberId === undefined) throw linkExpired();
  if (key && !(await store.memberKeys.usable(key))) throw linkExpired();
  if (pending && Date.parse(pending.expiresAt) <= now.getTime()) throw linkExpired();
  const member = await store.memberById(memberId);
  if (!member) throw linkExpired();
  return member;
}

/** Signing in through the address proves it (@prr/domain, proveAddress); a member gone since: `gone`. */
async function proved(store: AppStore, memberId: string, now: Date, gone: () => Error): Promise<Proof> {
  try {
    return await store.write((tx) => proveAddress(tx, memberId, now));
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') throw gone();
    throw error;
  }
}
