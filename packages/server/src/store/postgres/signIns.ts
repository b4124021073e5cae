/**
 * Pending member sign-ins in the sign_ins table (migrations/003_member_sign_in.sql). A link is
 * taken by one DELETE … RETURNING and a code attempt is counted by one UPDATE, so a code or link is
 * used once and the wrong-code limit holds even when servers race for them.
 */
import type { StoredSignIn } from '../schema.js';
import type { CodeAttempt, SignIns } from '../types.js';
import { isUuid, type Run } from './records.js';

interface SignInRow {
  member_id: string;
  code_hash: string;
  link_hash: string;
  expires_at: Date;
  wrong_codes: number;
  created_at: Date;
}

const COLUMNS = 'member_id, code_hash, link_hash, expires_at, wrong_codes, created_at';

const fromRow = (row: SignInRow): StoredSignIn => ({
  memberId: row.member_id,
  codeHash: row.code_hash,
  linkHash: row.link_hash,
  expiresAt: row.expires_at.toISOString(),
  wrongCodes: row.wrong_codes,
  createdAt: row.created_at.toISOString(),
});

export class PgSignIns implements SignIns {
  readonly #run: Run;

  constructor(run: Run) {
    this.#run = run;
  }

  async put(record: StoredSignIn): Promise<void> {
    await this.#run(
      `INSERT INTO sign_ins (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (member_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, link_hash = EXCLUDED.link_hash,
         expires_at = EXCLUDED.expires_at, wrong_codes = EXCLUDED.wrong_codes, created_at = EXCLUDED.created_at`,
      [record.memberId, record.codeHash, record.linkHash, record.expiresAt, record.wrongCodes, record.createdAt],
    );
  }

  async ofMember(memberId: string): Promise<StoredSignIn | undefined> {
    if (!isUuid(memberId)) return undefined;
    const { rows } = await this.#run<SignInRow>(`SELECT ${COLUMNS} FROM sign_ins WHERE member_id = $1`, [memberId]);
    return rows[0] && fromRow(rows[0]);
  }

  async tryCode(memberId: string, codeHash: string, now: Date, maxWrongCodes: number): Promise<CodeAttempt> {
    if (!isUuid(memberId)) return { outcome: 'expired' };
    // The row lock of this UPDATE serialises attempts: each is counted (if wrong) before the next
    // one reads the count, so the limit holds however many arrive at once.
    const { rows } = await this.#run<{ matched: boolean; wrong_codes: number }>(
      `UPDATE sign_ins SET wrong_codes = wrong_codes + (CASE WHEN code_hash = $2 THEN 0 ELSE 1 END)
       WHERE member_id = $1 AND expires_at > $3 AND wrong_codes < $4
       RETURNING code_hash = $2 AS matched, wrong_codes`,
      [memberId, codeHash, now, maxWrongCodes],
    );
    const row = rows[0];
    if (!row) {
      await this.#run('DELETE FROM sign_ins WHERE member_id = $1 AND expires_at <= $2', [memberId, now]);
      return { outcome: 'expired' };
    }
    if (!row.matched) return { outcome: 'wrong', wrongCodes: row.wrong_codes };
    // The right code: removed once; a twin attempt that matched too finds nothing left.
    const { rows: taken } = await this.#run<SignInRow>(
      `DELETE FROM sign_ins WHERE member_id = $1 AND code_hash = $2 RETURNING ${COLUMNS}`,
      [memberId, codeHash],
    );
    return taken[0] ? { outcome: 'signed-in', signIn: fromRow(taken[0]) } : { outcome: 'expired' };
  }

  async take(match: { linkHash: string }): Promise<StoredSignIn | undefined> {
    const { rows } = await this.#run<SignInRow>(`DELETE FROM sign_ins WHERE link_hash = $1 RETURNING ${COLUMNS}`, [
      match.linkHash,
    ]);
    return rows[0] && fromRow(rows[0]);
  }

  async byLink(linkHash: string): Promise<StoredSignIn | undefined> {
    const { rows } = await this.#run<SignInRow>(`SELECT ${COLUMNS} FROM sign_ins WHERE link_hash = $1`, [linkHash]);
    return rows[0] && fromRow(rows[0]);
  }

  async remove(memberId: string): Promise<void> {
    if (!isUuid(memberId)) return;
    await this.#run('DELETE FROM sign_ins WHERE member_id = $1', [memberId]);
  }
}
