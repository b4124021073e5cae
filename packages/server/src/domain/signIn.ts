/**
 * Member sign-in without a password (docs/decisions/005-member-sign-in.md). The address is proved
 * by what only its owner receives: a 6-digit code or a one-time link (15 minutes, single use, at
 * most 5 wrong codes), or the sealed dashboard link of a welcome or daily e-mail (7 days). The
 * store keeps only hashes: the code's under the server's secret (a million codes are easy to try
 * against a plain hash), the link's plain (it has 256 random bits).
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { SIGN_IN_MAX_WRONG_CODES, SIGN_IN_MESSAGES, SIGN_IN_MINUTES } from '@prr/contract';
import { fieldError, notFound, type StoredMember } from '@prr/domain';
import { verifyDashboardLinkToken } from '../mail/unsubscribeToken.js';
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

/** The member whose pending code this is; the code is used up. Wrong codes count toward the limit. */
export async function signInWithCode(
  store: AppStore,
  email: string,
  code: string,
  now: Date,
  secret: string,
): Promise<StoredMember> {
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
  if (attempt.outcome === 'signed-in') return confirmed(store, member);
  if (attempt.outcome === 'wrong' && attempt.wrongCodes < SIGN_IN_MAX_WRONG_CODES) {
    throw fieldError('code', SIGN_IN_MESSAGES.wrongCode);
  }
  // The last allowed wrong try voids the sign-in; the code and link are dead.
  if (attempt.outcome === 'wrong') await store.signIns.remove(member.id);
  throw codeExpired();
}

/** The member a one-time sign-in link or an e-mail's dashboard link names. */
export async function signInWithLink(store: AppStore, token: string, now: Date, secret: string): Promise<StoredMember> {
  const fromEmail = verifyDashboardLinkToken(token, secret, now);
  if (fromEmail) {
    const member = await store.memberById(fromEmail);
    if (!member) throw linkExpired();
    return confirmed(store, member);
  }
  const taken = await store.signIns.take({ linkHash: linkHash(token) });
  if (!taken || Date.parse(taken.expiresAt) <= now.getTime()) throw linkExpired();
  const member = await store.memberById(taken.memberId);
  if (!member) throw linkExpired();
  return confirmed(store, member);
}

/** Signing in through the address proves it: the daily reminders may start. */
async function confirmed(store: AppStore, member: StoredMember): Promise<StoredMember> {
  if (member.emailConfirmed) return member;
  await store.write((tx) => tx.updateMember(member.id, { emailConfirmed: true }));
  return { ...member, emailConfirmed: true };
}
