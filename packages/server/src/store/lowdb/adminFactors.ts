/**
 * The admin's second factors in the data file (store/types.ts, AdminFactors). Every change is one
 * transaction of the store, which runs one at a time, so a code is checked and used with nothing
 * in between. Ceremony challenges live in memory: they last minutes, and a restart that loses
 * one only makes the admin start the ceremony again.
 */
import type { StoredAdminFactors, StoredPasskey } from '../schema.js';
import type { AdminFactors } from '../types.js';

export interface FileAdminFactorsOptions {
  /** The data file's list, read live. */
  list: () => StoredAdminFactors[];
  /** Runs a change of the list in one transaction; resolves with the change's result once on disk. */
  write: <T>(change: (list: StoredAdminFactors[]) => T) => Promise<T>;
}

const empty = (adminId: string): StoredAdminFactors => ({
  adminId,
  totpLastStep: 0,
  passkeys: [],
  recoveryCodeHashes: [],
});

const copyFactors = (f: StoredAdminFactors): StoredAdminFactors => ({
  ...f,
  passkeys: f.passkeys.map((p) => ({ ...p, transports: [...p.transports] })),
  recoveryCodeHashes: [...f.recoveryCodeHashes],
});

export class FileAdminFactors implements AdminFactors {
  readonly #options: FileAdminFactorsOptions;
  readonly #challenges = new Map<string, { value: string; expiresAt: number }>();

  constructor(options: FileAdminFactorsOptions) {
    this.#options = options;
  }

  async of(adminId: string): Promise<StoredAdminFactors | undefined> {
    const found = this.#options.list().find((f) => f.adminId === adminId);
    return found && copyFactors(found);
  }

  /** Changes one admin's record (created if missing) in one transaction. */
  #change<T>(adminId: string, change: (f: StoredAdminFactors) => T): Promise<T> {
    return this.#options.write((list) => {
      let found = list.find((f) => f.adminId === adminId);
      if (!found) {
        found = empty(adminId);
        list.push(found);
      }
      return change(found);
    });
  }

  async setTotp(adminId: string, sealedSecret: string | undefined): Promise<void> {
    await this.#change(adminId, (f) => {
      if (sealedSecret === undefined) delete f.totpSecret;
      else f.totpSecret = sealedSecret;
      f.totpLastStep = 0;
    });
  }

  useTotpStep(adminId: string, step: number): Promise<boolean> {
    return this.#change(adminId, (f) => {
      if (step <= f.totpLastStep) return false;
      f.totpLastStep = step;
      return true;
    });
  }

  async addPasskey(adminId: string, passkey: StoredPasskey): Promise<void> {
    await this.#change(adminId, (f) => {
      f.passkeys = [...f.passkeys.filter((p) => p.id !== passkey.id), { ...passkey }];
    });
  }

  async setPasskeyCounter(adminId: string, passkeyId: string, counter: number): Promise<void> {
    await this.#change(adminId, (f) => {
      for (const p of f.passkeys) if (p.id === passkeyId) p.counter = counter;
    });
  }

  async removePasskey(adminId: string, passkeyId: string): Promise<void> {
    await this.#change(adminId, (f) => {
      f.passkeys = f.passkeys.filter((p) => p.id !== passkeyId);
    });
  }

  async replaceRecoveryCodes(adminId: string, hashes: readonly string[]): Promise<void> {
    await this.#change(adminId, (f) => {
      f.recoveryCodeHashes = [...hashes];
    });
  }

  useRecoveryCode(adminId: string, hash: string): Promise<boolean> {
    return this.#change(adminId, (f) => {
      const index = f.recoveryCodeHashes.indexOf(hash);
      if (index < 0) return false;
      f.recoveryCodeHashes = f.recoveryCodeHashes.filter((_, i) => i !== index);
      return true;
    });
  }

  async putChallenge(key: string, value: string, expiresAt: number): Promise<void> {
    this.#challenges.set(key, { value, expiresAt });
  }

  /** Forgets the challenges expired at `now` that nobody took (the retention purge's); answers how many. */
  dropExpiredChallenges(now: number): number {
    let dropped = 0;
    for (const [k, c] of this.#challenges) {
      if (c.expiresAt > now) continue;
      this.#challenges.delete(k);
      dropped += 1;
    }
    return dropped;
  }

  async takeChallenge(key: string, now: number): Promise<string | undefined> {
    const found = this.#challenges.get(key);
    this.#challenges.delete(key);
    for (const [k, c] of this.#challenges) if (c.expiresAt <= now) this.#challenges.delete(k);
    return found && found.expiresAt > now ? found.value : undefined;
  }
}
