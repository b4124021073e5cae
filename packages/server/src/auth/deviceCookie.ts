/**
 * The known-device cookie (docs/decisions/027-admin-second-factor.md): a browser that completed
 * the password and the second factor gets a sealed, long-lived id. At the next login the
 * per-account back-off that strangers trigger counts this device's failures apart from theirs
 * (auth/loginThrottle.ts), so guessing from elsewhere cannot lock the real admin out. The cookie
 * grants nothing else: the password and the second factor are still asked.
 */
import { randomBytes } from 'node:crypto';
import { readCookie, serializeCookie } from './cookies.js';
import { seal, unseal } from './sealed.js';

export const DEVICE_DAYS = 180;

interface Sealed {
  a: string;
  d: string;
  e: number;
}

export interface KnownDevice {
  adminId: string;
  deviceId: string;
}

export class AdminDeviceCookie {
  readonly name: string;
  readonly #secure: boolean;

  constructor(production: boolean) {
    this.name = production ? '__Host-prr_admin_device' : 'prr_admin_device';
    this.#secure = production;
  }

  /** A cookie for this admin, keeping the device's id when it already had one. */
  serialize(adminId: string, secret: string, now: Date, deviceId = randomBytes(16).toString('base64url')): string {
    const sealed: Sealed = { a: adminId, d: deviceId, e: now.getTime() + DEVICE_DAYS * 86_400_000 };
    return serializeCookie(this.name, seal('admin-device', JSON.stringify(sealed), secret), {
      secure: this.#secure,
      maxAge: DEVICE_DAYS * 86_400,
    });
  }

  read(header: string | undefined, secret: string, now: Date): KnownDevice | undefined {
    const value = readCookie(header, this.name);
    const opened = value && unseal('admin-device', value, secret);
    if (!opened) return undefined;
    const sealed = JSON.parse(opened) as Sealed;
    if (sealed.e <= now.getTime()) return undefined;
    return { adminId: sealed.a, deviceId: sealed.d };
  }
}
