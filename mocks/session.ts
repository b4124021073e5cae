/**
 * The admin and member sessions as the mocks keep them: an opaque random token in an HttpOnly
 * cookie, valid until sign-out or `resetMockDb()`. Same cookie names and attributes as the real
 * server, so the UI and the contract suite cannot tell the two apart.
 *
 * `cookies` below is MSW's resolver argument: the request's Cookie header merged with MSW's own
 * cookie jar (which is how an HttpOnly cookie set by a mocked response reaches later requests in
 * the browser).
 */
import { ADMIN_SESSION_COOKIE, MEMBER_SESSION_COOKIE, MEMBER_SESSION_DAYS, SIGN_IN_MESSAGES } from '@prr/contract';
import { AppError } from '@prr/domain';
import { mockDb } from './db.js';

export const ADMIN_COOKIE = ADMIN_SESSION_COOKIE;
export const MEMBER_COOKIE = MEMBER_SESSION_COOKIE;
const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; SameSite=Lax';

function newToken(): string {
  return crypto.randomUUID().replaceAll('-', '') + crypto.randomUUID().replaceAll('-', '');
}

/** A Set-Cookie value that makes the browser (and MSW's cookie jar) drop the cookie. */
function clearCookie(name: string): string {
  return `${name}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;
}

// ---- admin --------------------------------------------------------------------------------------

export function startAdminSession(): string {
  const token = newToken();
  mockDb.adminSessions.add(token);
  return `${ADMIN_COOKIE}=${token}; ${COOKIE_ATTRIBUTES}`;
}

export function endAdminSession(cookies: Record<string, string>): string {
  const token = cookies[ADMIN_COOKIE];
  if (token) mockDb.adminSessions.delete(token);
  return clearCookie(ADMIN_COOKIE);
}

export function hasAdminSession(cookies: Record<string, string>): boolean {
  const token = cookies[ADMIN_COOKIE];
  return token !== undefined && mockDb.adminSessions.has(token);
}

// ---- member -------------------------------------------------------------------------------------

/**
 * Signs the browser in as the member: the Set-Cookie value of a sign-in or a new member's join.
 * The admin cookie's attributes, and it lasts MEMBER_SESSION_DAYS (the admin's ends with the browser).
 */
export function startMemberSession(memberId: string): string {
  const token = newToken();
  mockDb.memberSessions.set(token, memberId);
  return `${MEMBER_COOKIE}=${token}; ${COOKIE_ATTRIBUTES}; Max-Age=${MEMBER_SESSION_DAYS * 24 * 60 * 60}`;
}

/**
 * Signs the browser out: its cookie session ends, and so does the ambient one (otherwise the
 * browser, now without a cookie, would count as Jordan again). Answers the clearing Set-Cookie.
 */
export function endMemberSession(cookies: Record<string, string>): string {
  const token = cookies[MEMBER_COOKIE];
  if (token) mockDb.memberSessions.delete(token);
  mockDb.ambientMemberId = null;
  return clearCookie(MEMBER_COOKIE);
}

/**
 * A deleted member's sessions and pending sign-ins go with them, as on the server (the admin's
 * delete and the member's own 'Delete my account'); a browser counting as them is signed out.
 */
export function forgetMember(memberId: string): void {
  endAllMemberSessions(memberId);
  revokeMemberKeys(memberId);
  if (mockDb.ambientMemberId === memberId) mockDb.ambientMemberId = null;
}

/** Ends every cookie session of the member (a first proof, sign out everywhere); answers how many. */
export function endAllMemberSessions(memberId: string): number {
  let ended = 0;
  for (const [token, owner] of mockDb.memberSessions) {
    if (owner !== memberId) continue;
    mockDb.memberSessions.delete(token);
    ended += 1;
  }
  return ended;
}

/** Every e-mail key and the pending code and link of the member open nothing any more. */
export function revokeMemberKeys(memberId: string): void {
  for (const [token, owner] of mockDb.emailKeys) if (owner === memberId) mockDb.emailKeys.delete(token);
  mockDb.keysRevokedFor.add(memberId);
  mockDb.signIns = mockDb.signIns.filter((signIn) => signIn.memberId !== memberId);
}

/**
 * Whose session the request carries: the member of a known `prr_member` token; otherwise the
 * ambient member (`mockDb.ambientMemberId`), if any. A token the store does not know counts as no
 * cookie rather than a 401: MSW's cookie jar outlives `resetMockDb()` (it is kept in localStorage
 * in the browser), so a story or test after one that signed in still has that old cookie.
 */
export function sessionMemberId(cookies: Record<string, string>): string | undefined {
  const token = cookies[MEMBER_COOKIE];
  const fromCookie = token === undefined ? undefined : mockDb.memberSessions.get(token);
  const id = fromCookie ?? mockDb.ambientMemberId;
  return mockDb.members.find((m) => m.id === id)?.id;
}

/**
 * The signed-in member of a 'member' route (contractHandler passes `memberId` from the session),
 * or the route's 401 when there is none (a handler mounted with auth 'skip').
 */
export function signedIn(memberId: string | undefined): string {
  if (memberId === undefined) throw new AppError('unauthenticated', SIGN_IN_MESSAGES.signInNeeded);
  return memberId;
}
