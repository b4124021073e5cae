/**
 * The admin's second factors in PostgreSQL (migrations/009_admin_second_factor.sql). A TOTP step,
 * a recovery code and a challenge are each used by one UPDATE or DELETE whose condition is
 * checked under the row's lock, so each works once even when servers race for it.
 */
import type { StoredAdminFactors, StoredPasskey } from '../schema.js';
import type { AdminFactors } from '../types.js';
import { isUuid, type Run } from './records.js';

interface FactorsRow {
  totp_secret: string | null;
  totp_last_step: string;
  recovery_code_hashes: string[];
}

interface PasskeyRow {
  id: string;
  public_key: string;
  counter: string;
  transports: string[];
  created_at: Date;
}

export class PgAdminFactors implements AdminFactors {
  readonly #run: Run;

  constructor(run: Run) {
    this.#run = run;
  }

  async of(adminId: string): Promise<StoredAdminFactors | undefined> {
    if (!isUuid(adminId)) return undefined;
    const [factors, passkeys] = await Promise.all([
      this.#run<FactorsRow>(
        'SELECT totp_secret, totp_last_step, recovery_code_hashes FROM admin_second_factors WHERE admin_id = $1',
        [adminId],
      ),
      this.#run<PasskeyRow>(
        'SELECT id, public_key, counter, transports, created_at FROM admin_passkeys WHERE admin_id = $1 ORDER BY created_at, id',
        [adminId],
      ),
    ]);
    const row = factors.rows[0];
    if (!row && passkeys.rows.length === 0) return undefined;
    return {
      adminId,
      ...(row?.totp_secret ? { totpSecret: row.totp_secret } : {}),
      totpLastStep: Number(row?.totp_last_step ?? 0),
      recoveryCodeHashes: row?.recovery_code_hashes ?? [],
      passkeys: passkeys.rows.map((p): StoredPasskey => ({
        id: p.id,
        publicKey: p.public_key,
        counter: Number(p.counter),
        transports: p.transports,
        createdAt: p.created_at.toISOString(),
      })),
    };
  }

  async setTotp(adminId: string, sealedSecret: string | undefined): Promise<void> {
    await this.#run(
      `INSERT INTO admin_second_factors (admin_id, totp_secret, totp_last_step) VALUES ($1, $2, 0)
       ON CONFLICT (admin_id) DO UPDATE SET totp_secret = EXCLUDED.totp_secret, totp_last_step = 0`,
      [adminId, sealedSecret ?? null],
    );
  }

  async useTotpStep(adminId: string, step: number): Promise<boolean> {
    const { rowCount } = await this.#run(
      'UPDATE admin_second_factors SET totp_last_step = $2 WHERE admin_id = $1 AND totp_last_step < $2',
      [adminId, step],
    );
    return rowCount === 1;
  }

  async addPasskey(adminId: string, passkey: StoredPasskey): Promise<void> {
    await this.#run(
      `INSERT INTO admin_passkeys (id, admin_id, public_key, counter, transports, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET admin_id = EXCLUDED.admin_id, public_key = EXCLUDED.public_key,
         counter = EXCLUDED.counter, transports = EXCLUDED.transports, created_at = EXCLUDED.created_at`,
      [passkey.id, adminId, passkey.publicKey, passkey.counter, passkey.transports, passkey.createdAt],
    );
  }

  async setPasskeyCounter(adminId: string, passkeyId: string, counter: number): Promise<void> {
    await this.#run('UPDATE admin_passkeys SET counter = $3 WHERE admin_id = $1 AND id = $2', [
      adminId,
      passkeyId,
      counter,
    ]);
  }

  async removePasskey(adminId: string, passkeyId: string): Promise<void> {
    await this.#run('DELETE FROM admin_passkeys WHERE admin_id = $1 AND id = $2', [adminId, passkeyId]);
  }

  async replaceRecoveryCodes(adminId: string, hashes: readonly string[]): Promise<void> {
    await this.#run(
      `INSERT INTO admin_second_factors (admin_id, recovery_code_hashes) VALUES ($1, $2)
       ON CONFLICT (admin_id) DO UPDATE SET recovery_code_hashes = EXCLUDED.recovery_code_hashes`,
      [adminId, [...hashes]],
    );
  }

  async useRecoveryCode(adminId: string, hash: string): Promise<boolean> {
    const { rowCount } = await this.#run(
      `UPDATE admin_second_factors SET recovery_code_hashes = array_remove(recovery_code_hashes, $2)
       WHERE admin_id = $1 AND $2 = ANY (recovery_code_hashes)`,
      [adminId, hash],
    );
    return rowCount === 1;
  }

  async putChallenge(key: string, value: string, expiresAt: number): Promise<void> {
    await this.#run('INSERT INTO admin_challenges (key, value, expires_at) VALUES ($1, $2, $3)', [
      key,
      value,
      new Date(expiresAt),
    ]);
  }

  async takeChallenge(key: string, now: number): Promise<string | undefined> {
    const { rows } = await this.#run<{ value: string; expires_at: Date }>(
      'DELETE FROM admin_challenges WHERE key = $1 RETURNING value, expires_at',
      [key],
    );
    // Expired challenges nobody took go with the next take (the app's clock, not the database's).
    await this.#run('DELETE FROM admin_challenges WHERE expires_at <= $1', [new Date(now)]);
    const row = rows[0];
    return row && row.expires_at.getTime() > now ? row.value : undefined;
  }
}
