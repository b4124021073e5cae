/**
 * The admin session as the mocks keep it: an opaque random token in an HttpOnly cookie, valid until
 * logout or `resetMockDb()`. Same cookie name and attributes as the real server, so the UI and the
 * contract suite cannot tell the two apart.
 */
import { ADMIN_SESSION_COOKIE } from '@prr/contract';
import { mockDb } from './db.js';

export const ADMIN_COOKIE = ADMIN_SESSION_COOKIE;
const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; SameSite=Lax';

export function startAdminSession(): string {
  const token = crypto.randomUUID().replaceAll('-', '') + crypto.randomUUID().replaceAll('-', '');
  mockDb.adminSessions.add(token);
  return `${ADMIN_COOKIE}=${token}; ${COOKIE_ATTRIBUTES}`;
}

/** A Set-Cookie value that makes the browser (and MSW's cookie jar) drop the session cookie. */
export function endAdminSession(cookies: Record<string, string>): string {
  const token = cookies[ADMIN_COOKIE];
  if (token) mockDb.adminSessions.delete(token);
  return `${ADMIN_COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;
}

/**
 * `cookies` is MSW's resolver argument: the request's Cookie header merged with MSW's own cookie jar
 * (which is how an HttpOnly cookie set by a mocked response reaches later requests in the browser).
 */
export function hasAdminSession(cookies: Record<string, string>): boolean {
  const token = cookies[ADMIN_COOKIE];
  return token !== undefined && mockDb.adminSessions.has(token);
}
