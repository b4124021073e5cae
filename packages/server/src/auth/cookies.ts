/**
 * The session cookies: the admin's (a browser-session cookie) and the member's (90 days). Written
 * by hand rather than with ctx.cookies because Koa refuses to set a Secure cookie on a request it
 * does not see as https (e.g. TLS ended by a proxy without TRUST_PROXY): the browser is what must
 * enforce Secure, not the server.
 */
import { ADMIN_SESSION_COOKIE, MEMBER_SESSION_COOKIE } from '@prr/contract';

export const SESSION_COOKIE = ADMIN_SESSION_COOKIE;
export { MEMBER_SESSION_COOKIE };

export interface CookieOptions {
  secure: boolean;
  /** Seconds; 0 deletes the cookie. Omitted: a browser-session cookie. */
  maxAge?: number;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${options.maxAge}`);
    if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  return parts.join('; ');
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}

export const serializeSessionCookie = (value: string, options: CookieOptions): string =>
  serializeCookie(SESSION_COOKIE, value, options);
export const clearSessionCookie = (secure: boolean): string =>
  serializeCookie(SESSION_COOKIE, '', { secure, maxAge: 0 });
export const readSessionCookie = (header: string | undefined): string | undefined => readCookie(header, SESSION_COOKIE);
