/**
 * Member sign-in without a password (the contract's requestSignIn, signInWithCode, signInWithLink
 * and checkSignInLink). Asking e-mails the member a 6-digit code and a one-time link; either signs
 * the browser in (the `prr_member` cookie). An e-mail key opens once, and checking whose it is
 * uses nothing up (docs/decisions/025-e-mail-key-flow.md). A first proof of an address ends the
 * member's other sessions and pays their inviter (@prr/domain, proveAddress). The mocks send no e-mail: the code is always
 * MOCK_SIGN_IN_CODE and the link's token is in `mockDb.signIns`. The server hashes what it keeps
 * and seals its links (node:crypto), which is why this flow is the mocks' own.
 *
 * The rules the UI shows: a code and link last SIGN_IN_MINUTES on the mocks' clock and work once;
 * a new request replaces the pending one; SIGN_IN_MAX_WRONG_CODES wrong codes use it up; one
 * address may ask SIGN_IN_EMAILS_PER_ADDRESS times per SIGN_IN_MINUTES, counted in a fixed window
 * like the server's limiter, and the 429 says when to try again (Retry-After). Every message is the
 * contract's SIGN_IN_MESSAGES. (The server's per-network limits are left to `scenarios`.)
 */
import {
  SIGN_IN_EMAILS_PER_ADDRESS,
  SIGN_IN_MAX_WRONG_CODES,
  SIGN_IN_MESSAGES,
  SIGN_IN_MINUTES,
  api,
} from '@prr/contract';
import {
  fieldError,
  firstNameOf,
  memberView,
  normaliseEmail,
  notFound,
  proveAddress,
  rateLimited,
  sameEmail,
  type StoredMember,
} from '@prr/domain';
import { handle, reply } from '../contractHandler.js';
import { mockDb, type MockSignIn } from '../db.js';
import { demoMember } from '../fixtures/index.js';
import { endAllMemberSessions, sessionMemberId, startMemberSession } from '../session.js';
import { mockStore } from '../store.js';

/** The code of every mock sign-in e-mail. */
export const MOCK_SIGN_IN_CODE = '123456';
/**
 * Stands for the sealed key of the welcome and daily e-mails (`/dashboard#key=...`): every token
 * that starts with it names the fixtures' main member (Jordan) and opens once, until Jordan signs
 * out everywhere. `issueMockEmailKey` gives any member a key of their own.
 */
export const EMAIL_LINK_PREFIX = 'email-link-';

/** A new single-use e-mail key for the member, as a welcome or daily e-mail would carry. */
export function issueMockEmailKey(memberId: string): string {
  const token = `mock-key.${crypto.randomUUID()}`;
  mockDb.emailKeys.set(token, memberId);
  return token;
}

const ONE_TIME_LINK_PREFIX = 'mock-signin.';
const WINDOW_MS = SIGN_IN_MINUTES * 60_000;
const nowMs = () => mockDb.now().getTime();

// Synchronous reads of the state, so that startMockSignIn can be called outside a request.
const memberWithEmail = (email: string) => mockDb.members.find((m) => sameEmail(m.email, email));
const memberWithId = (id: string) => mockDb.members.find((m) => m.id === id);

function drop(signIn: MockSignIn): void {
  mockDb.signIns = mockDb.signIns.filter((pending) => pending !== signIn);
}

/** Counts one sign-in e-mail for the address, or answers 429 once its window is used up. */
function countSignInEmail(email: string, now: number): void {
  const key = normaliseEmail(email);
  const window = mockDb.signInWindows.get(key);
  if (!window || window.endsAt <= now) {
    mockDb.signInWindows.set(key, { endsAt: now + WINDOW_MS, count: 1 });
    return;
  }
  if (window.count >= SIGN_IN_EMAILS_PER_ADDRESS)
    throw rateLimited(SIGN_IN_MESSAGES.tooManyForAddress, window.endsAt - now);
  window.count += 1;
}

/**
 * What POST /api/sign-in does: 429 past the address's limit (counted before the lookup, as on the
 * server, so the limit also slows down guessing who is a member), 404 for an address no member
 * has, otherwise a new pending sign-in that replaces the member's earlier one. Exported so a story
 * or test can start at the 'Check your e-mail' step without a request.
 */
export function startMockSignIn(email: string): MockSignIn {
  const now = nowMs();
  countSignInEmail(email, now);
  const member = memberWithEmail(email);
  if (!member) throw notFound('Member not found');
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

/**
 * Signing in through the address proves it, as on the server: a first proof ends the member's
 * other sessions. The answer is the member's view, with the session cookie that signs this browser in.
 */
async function signedIn(member: StoredMember) {
  const proof = await proveAddress(mockStore, member.id, mockDb.now());
  if (proof.firstProof) endAllMemberSessions(member.id);
  return reply(memberView(proof.member, mockDb.now()), {
    headers: { 'Set-Cookie': startMemberSession(member.id) },
  });
}

const codeExpired = () => fieldError('code', SIGN_IN_MESSAGES.codeExpired);
const linkExpired = () => fieldError('token', SIGN_IN_MESSAGES.linkExpired);

/** The owner of a live e-mail key, or undefined (unknown, used or revoked). */
function ownerOfKey(token: string): string | undefined {
  const issued = mockDb.emailKeys.get(token);
  if (issued !== undefined) return issued;
  if (!token.startsWith(EMAIL_LINK_PREFIX) || mockDb.usedKeys.has(token)) return undefined;
  return mockDb.keysRevokedFor.has(demoMember.id) ? undefined : demoMember.id;
}

/** The member a key or one-time link names; `use` uses it up (once). */
function memberOfLink(token: string, use: boolean): StoredMember {
  const member = memberOfKey(token, use) ?? memberOfOneTimeLink(token, use);
  if (!member) throw linkExpired();
  return member;
}

function memberOfKey(token: string, use: boolean): StoredMember | undefined {
  const owner = ownerOfKey(token);
  if (owner === undefined) return undefined;
  if (use) {
    mockDb.emailKeys.delete(token);
    mockDb.usedKeys.add(token);
  }
  return memberWithId(owner);
}

function memberOfOneTimeLink(token: string, use: boolean): StoredMember | undefined {
  const pending = mockDb.signIns.find((signIn) => signIn.linkToken === token);
  if (!pending) return undefined;
  if (use) drop(pending);
  return pending.expiresAt > nowMs() ? memberWithId(pending.memberId) : undefined;
}

function memberOfCode(email: string, code: string): StoredMember {
  const member = memberWithEmail(email);
  const pending = member && mockDb.signIns.find((signIn) => signIn.memberId === member.id);
  // An unknown address gets the same answer as an expired code: nothing to learn here.
  if (!member || !pending) throw codeExpired();
  if (pending.expiresAt <= nowMs()) {
    drop(pending);
    throw codeExpired();
  }
  if (code !== pending.code) {
    pending.wrongCodes += 1;
    if (pending.wrongCodes < SIGN_IN_MAX_WRONG_CODES) throw fieldError('code', SIGN_IN_MESSAGES.wrongCode);
    // The last allowed wrong try voids the sign-in: the code and link are dead.
    drop(pending);
    throw codeExpired();
  }
  drop(pending);
  return member;
}

export const signInHandlers = [
  handle(api.requestSignIn, ({ body }) => {
    startMockSignIn(body.email);
    return { sent: true as const, expiresInMinutes: SIGN_IN_MINUTES };
  }),
  handle(api.signInWithCode, ({ body }) => signedIn(memberOfCode(body.email, body.code))),
  handle(api.signInWithLink, ({ body }) => signedIn(memberOfLink(body.token, true))),
  handle(api.checkSignInLink, ({ body, cookies }) => {
    const member = memberOfLink(body.token, false);
    return { firstName: firstNameOf(member.name), sameMember: sessionMemberId(cookies) === member.id };
  }),
];
