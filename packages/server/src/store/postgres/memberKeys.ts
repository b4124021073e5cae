/**
 * Used and revoked e-mail keys (migrations/007_member_keys.sql). Using a key is one INSERT that
 * checks the member's revocation in the same statement: the key_id primary key lets one server
 * win, however many receive the key at once.
 */
import type { MemberKey, MemberKeys } from '../types.js';
import { isUuid, type Run } from './records.js';

export class PgMemberKeys implements MemberKeys {
  readonly #run: Run;

  constructor(run: Run) {
    this.#run = run;
  }

  async use(key: MemberKey, now: Date): Promise<boolean> {
    if (!isUuid(key.memberId)) return false;
    // Housekeeping: the member's expired keys cannot be used again anyway.
    await this.#run('DELETE FROM member_keys_used WHERE member_id = $1 AND expires_at <= $2', [key.memberId, now]);
    const { rowCount } = await this.#run(
      `INSERT INTO member_keys_used (key_id, member_id, expires_at)
       SELECT $1, $2, $4
       WHERE EXISTS (SELECT 1 FROM members WHERE id = $2)
         AND NOT EXISTS (SELECT 1 FROM member_key_revocations WHERE member_id = $2 AND revoked_at >= $3)
       ON CONFLICT (key_id) DO NOTHING`,
      [key.keyId, key.memberId, key.issuedAt, key.expiresAt],
    );
    return rowCount === 1;
  }

  async usable(key: MemberKey): Promise<boolean> {
    if (!isUuid(key.memberId)) return false;
    const { rows } = await this.#run<{ usable: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM member_keys_used WHERE key_id = $1)
          AND NOT EXISTS (SELECT 1 FROM member_key_revocations WHERE member_id = $2 AND revoked_at >= $3) AS usable`,
      [key.keyId, key.memberId, key.issuedAt],
    );
    return rows[0]?.usable === true;
  }

  async revokeAll(memberId: string, at: Date): Promise<void> {
    if (!isUuid(memberId)) return;
    await this.#run(
      `INSERT INTO member_key_revocations (member_id, revoked_at)
       SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM members WHERE id = $1)
       ON CONFLICT (member_id) DO UPDATE
         SET revoked_at = GREATEST(member_key_revocations.revoked_at, EXCLUDED.revoked_at)`,
      [memberId, at],
    );
  }
}
