/**
 * The session cookies: the admin's (a browser-session cookie) and the member's (90 days). Written
 * by hand rather than with ctx.cookies because Koa refuses to set a Secure cookie on a request it
 * does not see as https (e.g. TLS ended by a proxy without TRUST_PROXY): the browser is what must
 * enforce Secure, not the server.
 */
import { ADMIN_SESSION_COOKIE, MEMBER_SESSION_COOKIE, MEMBER_SESSION_DAYS } from '@prr/contract';

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

/**
 * The admin's session cookie. In production its name carries the `__Host-` prefix: the browser
 * then keeps it only if it came over https with Secure, Path=/ and no Domain, so neither a sibling
 * subdomain nor a plain-http page can plant or overwrite it (session fixation). Outside production
 * (http://localhost) it is ADMIN_SESSION_COOKIE, the name the mocks use.
 */
export class AdminSessionCookie {
  readonly name: string;
  readonly #secure: boolean;

  constructor(production: boolean) {
    this.name = production ? `__Host-${ADMIN_SESSION_COOKIE}` : ADMIN_SESSION_COOKIE;
    this.#secure = production;
  }

  /** A browser-session cookie: it ends with the browser, the session itself earlier. */
  serialize(sessionId: string): string {
    return serializeCookie(this.name, sessionId, { secure: this.#secure });
  }

  clear(): string {
    return serializeCookie(this.name, '', { secure: this.#secure, maxAge: 0 });
  }

  read(header: string | undefined): string | undefined {
    return readCookie(header, this.name);
  }
}

/**
 * The member's session cookie: `__Host-` in production for the same reasons as the admin's
 * (docs/decisions/025-e-mail-key-flow.md), MEMBER_SESSION_COOKIE outside it (the mocks' name).
 * It lasts MEMBER_SESSION_DAYS from sign-in, as the session itself does: use never renews it.
 */
export class MemberSessionCookie {
  readonly name: string;
  readonly #secure: boolean;

  constructor(production: boolean) {
    this.name = production ? `__Host-${MEMBER_SESSION_COOKIE}` : MEMBER_SESSION_COOKIE;
    this.#secure = production;
  }

  serialize(sessionId: string): string {
    return serializeCookie(this.name, sessionId, { secure: this.#secure, maxAge: MEMBER_SESSION_DAYS * 86_400 });
  }

  clear(): string {
    return serializeCookie(this.name, '', { secure: this.#secure, maxAge: 0 });
  }

  read(header: string | undefined): string | undefined {
    return readCookie(header, this.name);
  }
}
