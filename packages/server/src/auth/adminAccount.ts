/**
 * The one admin account: created on first start, checked at login, its password changed by the
 * admin, and the "is this still the demo admin with its published password" question behind the
 * login screen's hint. AdminAuth also carries the admin's session cookie as this deployment names it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DEMO_ADMIN } from '@prr/contract';
import { normaliseEmail, sameEmail } from '@prr/domain';
import { silentLogger, type Logger } from '../log.js';
import type { StoredAdmin } from '../store/schema.js';
import type { AppStore } from '../store/types.js';
import { AdminPendingCookie } from './adminPending.js';
import { AdminSessionCookie } from './cookies.js';
import { AdminDeviceCookie } from './deviceCookie.js';
import { deterministicHash, hashPassword, verifyPassword } from './passwords.js';

export interface AdminSeed {
  email: string;
  password: string;
  name: string;
}

/**
 * The id of the admin that ADMIN_EMAIL/ADMIN_PASSWORD make: a UUID (version 8, "custom") built
 * from an argon2id hash of the password salted by the e-mail. The same variables give the same
 * id, so a later start can tell "these are the variables already applied" from "the operator set
 * new ones" without storing anything beside the admin; and it tells an attacker who reads the
 * store no more than the password hash next to it does.
 */
export async function seededAdminId(seed: Pick<AdminSeed, 'email' | 'password'>): Promise<string> {
  const bytes = await deterministicHash(seed.password, `prr admin seed\0${normaliseEmail(seed.email)}`, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * With ADMIN_EMAIL/ADMIN_PASSWORD set, they seed the admin: a start with variables not applied
 * before (the stored admin's id is not theirs, see seededAdminId) replaces the stored admin and
 * ends its sessions; a start with the same variables keeps the stored password, which the admin
 * may have changed in the admin area since (ADMIN_NAME is still applied). Setting a new
 * ADMIN_PASSWORD is how an operator resets a forgotten one. Without the variables, the first
 * start creates the demo admin and later starts keep whatever is stored.
 */
export async function ensureAdmin(
  store: AppStore,
  seed: AdminSeed | undefined,
  logger: Logger = silentLogger,
): Promise<void> {
  const admins = await store.admins();
  const current = admins[0];
  if (!seed) {
    if (current) return;
    const passwordHash = await hashPassword(DEMO_ADMIN.password);
    // A second server starting at the same moment may have created it meanwhile: keep the first.
    await store.write(async (tx) => {
      if ((await tx.admins()).length > 0) return;
      await tx.replaceAdmins([{ id: randomUUID(), name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, passwordHash }]);
    });
    logger.warn('created the demo admin; set ADMIN_EMAIL and ADMIN_PASSWORD for a real one', {
      email: DEMO_ADMIN.email,
    });
    return;
  }
  const id = await seededAdminId(seed);
  const email = seed.email.trim();
  if (current && admins.length === 1 && current.id === id) {
    if (current.name === seed.name && current.email === email) return;
    await store.write((tx) => tx.replaceAdmins([{ ...current, name: seed.name, email }]));
    return;
  }
  const passwordHash = await hashPassword(seed.password);
  // Two servers starting together with the same variables write the same id: either write is right.
  await store.write((tx) => tx.replaceAdmins([{ id, name: seed.name, email, passwordHash }]));
  // Refused anyway (no admin has their id any more); removed so they do not linger in the store.
  for (const replaced of admins) if (replaced.id !== id) await store.sessions.destroyAllFor(replaced.id);
  logger.info('admin account set from ADMIN_EMAIL/ADMIN_PASSWORD', { email: seed.email });
}

/** What a password change did. */
export type PasswordChange = 'changed' | 'wrong-password';

let dummyHash: Promise<string> | undefined;

export interface AdminAuthOptions {
  /** No demo credentials are ever offered, and the session cookie is `__Host-` and Secure. */
  production: boolean;
}

export class AdminAuth {
  readonly cookie: AdminSessionCookie;
  /** Between the password and the second factor (auth/adminPending.ts). */
  readonly pendingCookie: AdminPendingCookie;
  /** A browser that signed in before (auth/deviceCookie.ts). */
  readonly deviceCookie: AdminDeviceCookie;
  readonly #store: AppStore;
  readonly #dummyHash: string;
  readonly #production: boolean;
  #demoCheck: { hash: string; email: string; isDemo: Promise<boolean> } | undefined;

  private constructor(store: AppStore, dummyHash: string, options: AdminAuthOptions) {
    this.#store = store;
    this.#dummyHash = dummyHash;
    this.#production = options.production;
    this.cookie = new AdminSessionCookie(options.production);
    this.pendingCookie = new AdminPendingCookie(options.production);
    this.deviceCookie = new AdminDeviceCookie(options.production);
  }

  static async create(store: AppStore, options: AdminAuthOptions): Promise<AdminAuth> {
    // Verifying against a real hash for unknown e-mails makes both failures cost the same time.
    // One per process is enough (its password is random and never used), and keeps app start cheap.
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return new AdminAuth(store, await dummyHash, options);
  }

  async adminById(id: string): Promise<StoredAdmin | undefined> {
    return (await this.#store.admins()).find((a) => a.id === id);
  }

  /** The admin for these credentials, or undefined; the same work whether or not the e-mail exists. */
  async verify(email: string, password: string): Promise<StoredAdmin | undefined> {
    const admin = (await this.#store.admins()).find((a) => sameEmail(a.email, email));
    const ok = await verifyPassword(admin?.passwordHash ?? this.#dummyHash, password);
    return admin && ok ? admin : undefined;
  }

  /**
   * Replaces the admin's password when `currentPassword` is theirs. A password changed meanwhile
   * (another change, a restart with a new ADMIN_PASSWORD) makes the current one wrong.
   */
  async changePassword(adminId: string, currentPassword: string, newPassword: string): Promise<PasswordChange> {
    const admin = await this.adminById(adminId);
    if (!admin || !(await verifyPassword(admin.passwordHash, currentPassword))) return 'wrong-password';
    const passwordHash = await hashPassword(newPassword);
    return this.#store.write(async (tx) => {
      const admins = await tx.admins();
      if (!admins.some((a) => a.id === adminId && a.passwordHash === admin.passwordHash)) return 'wrong-password';
      await tx.replaceAdmins(admins.map((a) => (a.id === adminId ? { ...a, passwordHash } : a)));
      return 'changed';
    });
  }

  /**
   * The demo credentials while the stored admin is the demo admin with its password unchanged;
   * never in production, whatever is stored.
   */
  async demoCredentials(): Promise<{ email: string; password: string } | null> {
    if (this.#production) return null;
    const admin = (await this.#store.admins())[0];
    if (!admin || !sameEmail(admin.email, DEMO_ADMIN.email)) return null;
    // One argon2 verify per stored hash, not one per page view.
    if (this.#demoCheck?.hash !== admin.passwordHash || this.#demoCheck.email !== admin.email) {
      this.#demoCheck = {
        hash: admin.passwordHash,
        email: admin.email,
        isDemo: verifyPassword(admin.passwordHash, DEMO_ADMIN.password),
      };
    }
    return (await this.#demoCheck.isDemo) ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } : null;
  }
}
