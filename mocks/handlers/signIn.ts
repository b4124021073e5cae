/**
 * Member sign-in without a password (the contract's requestSignIn, signInWithCode and
 * signInWithLink). Asking e-mails the member a 6-digit code and a one-time link; either signs the
 * browser in (the `prr_member` cookie). The mocks send no e-mail: the code is always
 * MOCK_SIGN_IN_CODE and the link's token is in `mockDb.signIns`.
 *
 * The rules the UI shows: a code and link last SIGN_IN_MINUTES on the mocks' clock and work once;
 * a new request replaces the pending one; SIGN_IN_MAX_WRONG_CODES wrong codes use it up; one
 * address may ask SIGN_IN_EMAILS_PER_ADDRESS times per SIGN_IN_MINUTES. Every message is the
 * contract's SIGN_IN_MESSAGES. (The server's per-network limits are left to `scenarios`.)
 */
import { SIGN_IN_MAX_WRONG_CODES, SIGN_IN_MESSAGES, SIGN_IN_MINUTES, api } from '@prr/contract';
import { handle, reply } from '../contractHandler.js';
import { findMemberByEmail, findMemberById, mockDb, normalizeEmail, toDashboardMember, type MockSignIn } from '../db.js';
import { fail, failField } from '../errors.js';
import { demoMember, type MockMember } from '../fixtures/index.js';
import { startMemberSession } from '../session.js';

/** The code of every mock sign-in e-mail. */
export const MOCK_SIGN_IN_CODE = '123456';
/**
 * Stands for the signed link of the welcome and daily e-mails (`/dashboard?key=...`), where every token
 * that starts with it signs in the fixtures' main member (Jordan), as often as it is used.
 */
export const EMAIL_LINK_PREFIX = 'email-link-';
/** Sign-in requests one address may make per SIGN_IN_MINUTES; the next one answers 429. */
export const SIGN_IN_EMAILS_PER_ADDRESS = 3;

const ONE_TIME_LINK_PREFIX = 'mock-signin.';
const WINDOW_MS = SIGN_IN_MINUTES * 60_000;
const nowMs = () => mockDb.now().getTime();

function drop(signIn: MockSignIn): void {
  mockDb.signIns = mockDb.signIns.filter((pending) => pending !== signIn);
}

/**
 * What POST /api/sign-in does: 429 past the address's limit (counted before the lookup, as on the
 * server, so the limit also slows down guessing who is a member), 404 for an address no member
 * has, otherwise a new pending sign-in that replaces the member's earlier one. Exported so a story
 * or test can start at the 'Check your e-mail' step without a request.
 */
export function startMockSignIn(email: string): MockSignIn {
  const now = nowMs();
  const address = normalizeEmail(email);
  mockDb.signInRequests = mockDb.signInRequests.filter((asked) => now - asked.at < WINDOW_MS);
  if (mockDb.signInRequests.filter((asked) => asked.email === address).length >= SIGN_IN_EMAILS_PER_ADDRESS) {
    fail('rate_limited', SIGN_IN_MESSAGES.tooManyForAddress);
  }
  mockDb.signInRequests.push({ email: address, at: now });
  const member = findMemberByEmail(email) ?? fail('not_found', 'Member not found');
  const signIn: MockSignIn = {
    memberId: member.id,
    code: MOCK_SIGN_IN_CODE,
    linkToken: ONE_TIME_LINK_PREFIX + crypto.randomUUID(),
    expiresAt: now + WINDOW_MS,
    wrongCodes: 0,
  };
  mockDb.signIns = [...mockDb.signIns.filter((pending) => pending.memberId !== member.id), signIn];
  return signIn;
}

/** The member's view, with the session cookie that signs this browser in. */
function signedIn(member: MockMember) {
  return reply(toDashboardMember(member), { headers: { 'Set-Cookie': startMemberSession(member.id) } });
}

function memberOfLink(token: string): MockMember {
  if (token.startsWith(EMAIL_LINK_PREFIX)) {
    return findMemberById(demoMember.id) ?? failField('token', SIGN_IN_MESSAGES.linkExpired);
  }
  const pending = mockDb.signIns.find((signIn) => signIn.linkToken === token);
  if (pending) drop(pending);
  const member = pending && pending.expiresAt > nowMs() ? findMemberById(pending.memberId) : undefined;
  return member ?? failField('token', SIGN_IN_MESSAGES.linkExpired);
}

export const signInHandlers = [
  handle(api.requestSignIn, ({ body }) => {
    startMockSignIn(body.email);
    return { sent: true as const, expiresInMinutes: SIGN_IN_MINUTES };
  }),

  handle(api.signInWithCode, ({ body }) => {
    const member = findMemberByEmail(body.email);
    const pending = member && mockDb.signIns.find((signIn) => signIn.memberId === member.id);
    // An unknown address gets the same answer as an expired code: nothing to learn here.
    if (!member || !pending) return failField('code', SIGN_IN_MESSAGES.codeExpired);
    if (pending.expiresAt <= nowMs()) {
      drop(pending);
      return failField('code', SIGN_IN_MESSAGES.codeExpired);
    }
    if (body.code !== pending.code) {
      pending.wrongCodes += 1;
      if (pending.wrongCodes < SIGN_IN_MAX_WRONG_CODES) return failField('code', SIGN_IN_MESSAGES.wrongCode);
      drop(pending);
      return failField('code', SIGN_IN_MESSAGES.codeExpired);
    }
    drop(pending);
    return signedIn(member);
  }),

  handle(api.signInWithLink, ({ body }) => signedIn(memberOfLink(body.token))),
];
