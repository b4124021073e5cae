/**
 * The one admin account: created on first start, checked at login, and the "is this still the
 * demo admin with its published password" question behind the login screen's hint.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DEMO_ADMIN } from '@prr/contract';
import { sameEmail } from '@prr/domain';
import { silentLogger, type Logger } from '../log.js';
import type { StoredAdmin } from '../store/schema.js';
import type { AppStore } from '../store/types.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface AdminSeed {
  email: string;
  password: string;
  name: string;
}

/**
 * With ADMIN_EMAIL/ADMIN_PASSWORD set, that account IS the admin: it replaces a stored admin
 * whose e-mail, name or password differ (so setting the variables later takes over from the
 * demo admin). Without them, the first start creates the demo admin and later starts keep
 * whatever is stored.
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
  const unchanged =
    current !== undefined &&
    admins.length === 1 &&
    sameEmail(current.email, seed.email) &&
    current.name === seed.name &&
    (await verifyPassword(current.passwordHash, seed.password));
  if (unchanged) return;
  const passwordHash = await hashPassword(seed.password);
  await store.write((tx) =>
    tx.replaceAdmins([{ id: current?.id ?? randomUUID(), name: seed.name, email: seed.email.trim(), passwordHash }]),
  );
  logger.info('admin account set from ADMIN_EMAIL/ADMIN_PASSWORD', { email: seed.email });
}

let dummyHash: Promise<string> | undefined;

export class AdminAuth {
  readonly #store: AppStore;
  readonly #dummyHash: string;
  #demoCheck: { hash: string; email: string; isDemo: Promise<boolean> } | undefined;

  private constructor(store: AppStore, dummyHash: string) {
    this.#store = store;
    this.#dummyHash = dummyHash;
  }

  static async create(store: AppStore): Promise<AdminAuth> {
    // Verifying against a real hash for unknown e-mails makes both failures cost the same time.
    // One per process is enough (its password is random and never used), and keeps app start cheap.
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return new AdminAuth(store, await dummyHash);
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

  /** The demo credentials while the stored admin is the demo admin with its password unchanged. */
  async demoCredentials(): Promise<{ email: string; password: string } | null> {
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
