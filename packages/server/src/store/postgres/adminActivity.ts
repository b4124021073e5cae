/**
 * The admin's actions in the admin_activity table (migrations/008_admin_activity.sql), newest
 * first by (at, seq): the order of the table's index, so a page and the removal of old records
 * read the index only.
 */
import { AdminAction } from '@prr/contract';
import type { AdminActivityLog, StoredAdminAction } from '@prr/domain';
import type { Run } from './records.js';

interface AdminActivityRow {
  id: string;
  at: Date;
  action: string;
  admin_id: string;
  participant_name: string | null;
  network: string;
  seq: number;
}

const COLUMNS = 'id, at, action, admin_id, participant_name, network, seq';
const NEWEST_FIRST = 'ORDER BY at DESC, seq DESC';

const fromRow = (row: AdminActivityRow): StoredAdminAction => ({
  id: row.id,
  at: row.at.toISOString(),
  action: AdminAction.parse(row.action),
  adminId: row.admin_id,
  ...(row.participant_name !== null ? { participant: { name: row.participant_name } } : {}),
  network: row.network,
});

export class PgAdminActivity implements AdminActivityLog {
  readonly #run: Run;

  constructor(run: Run) {
    this.#run = run;
  }

  async add(record: StoredAdminAction): Promise<void> {
    await this.#run(
      `INSERT INTO admin_activity (id, at, action, admin_id, participant_name, network)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [record.id, record.at, record.action, record.adminId, record.participant?.name ?? null, record.network],
    );
  }

  async page(offset: number, limit: number): Promise<{ records: StoredAdminAction[]; total: number }> {
    const [{ rows }, count] = await Promise.all([
      this.#run<AdminActivityRow>(`SELECT ${COLUMNS} FROM admin_activity ${NEWEST_FIRST} LIMIT $1 OFFSET $2`, [
        limit,
        offset,
      ]),
      this.#run<{ total: number }>('SELECT count(*)::int AS total FROM admin_activity'),
    ]);
    return { records: rows.map(fromRow), total: count.rows[0]?.total ?? 0 };
  }

  /** Keyset batches: each starts after the last row of the one before, so no batch re-reads the rows before it. */
  async *batches(batchSize: number): AsyncIterable<StoredAdminAction[]> {
    let after: AdminActivityRow | undefined;
    for (;;) {
      const { rows }: { rows: AdminActivityRow[] } = after
        ? await this.#run<AdminActivityRow>(
            `SELECT ${COLUMNS} FROM admin_activity WHERE (at, seq) < ($1, $2) ${NEWEST_FIRST} LIMIT $3`,
            [after.at, after.seq, batchSize],
          )
        : await this.#run<AdminActivityRow>(`SELECT ${COLUMNS} FROM admin_activity ${NEWEST_FIRST} LIMIT $1`, [
            batchSize,
          ]);
      if (rows.length > 0) yield rows.map(fromRow);
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1];
    }
  }

  async deleteBefore(before: Date): Promise<number> {
    const { rowCount } = await this.#run('DELETE FROM admin_activity WHERE at < $1', [before]);
    return rowCount ?? 0;
  }
}
