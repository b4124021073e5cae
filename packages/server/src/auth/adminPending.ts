/**
 * The admin's state between the password and the second factor
 * (docs/decisions/027-admin-second-factor.md): a sealed cookie of five minutes naming the admin,
 * the stage ('verify' a factor, or 'enrol' the first one) and a random nonce that keys this
 * sign-in's ceremony challenges. It is no session: requireAdmin never reads it, so every admin
 * route answers 401 until the second factor passes; only the /api/admin/login/ routes accept it.
 */
import { randomBytes } from 'node:crypto';
import { serializeCookie, readCookie } from './cookies.js';
import { seal, unseal } from './sealed.js';

export const PENDING_SECONDS = 5 * 60;

export type PendingStage = 'verify' | 'enrol';

export interface PendingSignIn {
  adminId: string;
  stage: PendingStage;
  nonce: string;
}

interface Sealed {
  a: string;
  s: PendingStage;
  n: string;
  /** Expiry, epoch ms. */
  e: number;
}

export class AdminPendingCookie {
  readonly name: string;
  readonly #secure: boolean;

  constructor(production: boolean) {
    this.name = production ? '__Host-prr_admin_pending' : 'prr_admin_pending';
    this.#secure = production;
  }

  serialize(adminId: string, stage: PendingStage, secret: string, now: Date): string {
    const sealed: Sealed = {
      a: adminId,
      s: stage,
      n: randomBytes(16).toString('base64url'),
      e: now.getTime() + PENDING_SECONDS * 1000,
    };
    return serializeCookie(this.name, seal('admin-pending', JSON.stringify(sealed), secret), {
      secure: this.#secure,
      maxAge: PENDING_SECONDS,
    });
  }

  clear(): string {
    return serializeCookie(this.name, '', { secure: this.#secure, maxAge: 0 });
  }

  /** The pending sign-in in this Cookie header, if sealed by this secret and not expired. */
  read(header: string | undefined, secret: string, now: Date): PendingSignIn | undefined {
    const value = readCookie(header, this.name);
    const opened = value && unseal('admin-pending', value, secret);
    if (!opened) return undefined;
    const sealed = JSON.parse(opened) as Sealed;
    if (sealed.e <= now.getTime()) return undefined;
    return { adminId: sealed.a, stage: sealed.s, nonce: sealed.n };
  }
}
