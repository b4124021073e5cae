/**
 * The session cookie. Written by hand rather than with ctx.cookies because Koa refuses to set a
 * Secure cookie on a request it does not see as https (e.g. TLS ended by a proxy without
 * TRUST_PROXY): the browser is what must enforce Secure, not the server.
 */
import { ADMIN_SESSION_COOKIE } from '@prr/contract';

export const SESSION_COOKIE = ADMIN_SESSION_COOKIE;

export interface CookieOptions {
  secure: boolean;
  /** Seconds; 0 deletes the cookie. Omitted: a browser-session cookie. */
  maxAge?: number;
}

export function serializeSessionCookie(value: string, options: CookieOptions): string {
  const parts = [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${options.maxAge}`);
    if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  return parts.join('; ');
}

export function clearSessionCookie(secure: boolean): string {
  return serializeSessionCookie('', { secure, maxAge: 0 });
}

/** Reads our cookie from a Cookie header. */
export function readSessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}
