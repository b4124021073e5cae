/**
 * Pending member sign-ins in the sign_ins table (migrations/003_member_sign_in.sql). `take` is one
 * DELETE … RETURNING, so a code or link is used once even when two servers race for it.
 */
import type { StoredSignIn } from '../schema.js';
import type { SignIns } from '../types.js';
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

  async recordWrongCode(memberId: string): Promise<number> {
    if (!isUuid(memberId)) return 0;
    const { rows } = await this.#run<{ wrong_codes: number }>(
      'UPDATE sign_ins SET wrong_codes = wrong_codes + 1 WHERE member_id = $1 RETURNING wrong_codes',
      [memberId],
    );
    return rows[0]?.wrong_codes ?? 0;
  }

  async take(match: { memberId: string; codeHash: string } | { linkHash: string }): Promise<StoredSignIn | undefined> {
    if ('linkHash' in match) {
      const { rows } = await this.#run<SignInRow>(`DELETE FROM sign_ins WHERE link_hash = $1 RETURNING ${COLUMNS}`, [match.linkHash]);
      return rows[0] && fromRow(rows[0]);
    }
    if (!isUuid(match.memberId)) return undefined;
    const { rows } = await this.#run<SignInRow>(
      `DELETE FROM sign_ins WHERE member_id = $1 AND code_hash = $2 RETURNING ${COLUMNS}`,
      [match.memberId, match.codeHash],
    );
    return rows[0] && fromRow(rows[0]);
  }

  async remove(memberId: string): Promise<void> {
    if (!isUuid(memberId)) return;
    await this.#run('DELETE FROM sign_ins WHERE member_id = $1', [memberId]);
  }
}
