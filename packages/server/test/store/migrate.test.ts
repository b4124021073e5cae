/**
 * Migrations that change data already there, run on a database holding what the releases before
 * them wrote: the schema is rebuilt up to the migration's predecessor, rows are put in, and
 * `migrate` applies the rest as it does on start-up.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Pool } from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropAllTestDatabases, freshDatabaseUrl } from '../postgres/databases.js';
import { MIGRATIONS_DIR, migrate } from '../../src/store/postgres/migrate.js';
import { createPool, runOn } from '../../src/store/postgres/pool.js';
import { PgReads } from '../../src/store/postgres/records.js';

afterAll(dropAllTestDatabases);

let pool: Pool;
beforeEach(async () => {
  pool = createPool(await freshDatabaseUrl(), { max: 1 });
});
afterEach(async () => {
  await pool.end();
});

/** An empty schema with the migrations before `version` applied and recorded, as an older release left it. */
async function schemaBefore(version: string): Promise<void> {
  await pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  await pool.query(
    'CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  for (const older of ['001_initial', '002_app_secrets', '003_member_sign_in', '004_admin_participants']) {
    if (older >= version) break;
    await pool.query(await readFile(resolve(MIGRATIONS_DIR, `${older}.sql`), 'utf8'));
    await pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [older]);
  }
}

const MEMBER_A = '0b6f3f9e-2a47-4c1e-9d41-6f1c7a1e2b01';
const MEMBER_B = '0b6f3f9e-2a47-4c1e-9d41-6f1c7a1e2b02';
const rippleId = (n: number): string => `4e0d1c2b-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('005_member_promises', () => {
  it('keeps the latest ripple record of each member and week (the last added on a tie), and the members as they were', async () => {
    await schemaBefore('005_member_promises');
    for (const [id, email] of [
      [MEMBER_A, 'a@example.org'],
      [MEMBER_B, 'b@example.org'],
    ] as const) {
      await pool.query(
        `INSERT INTO members (id, name, email, email_key, zip_code, state, joined_at, is_active, email_reminders,
                              reminder_time, timezone, points, level)
         VALUES ($1, 'Member', $2, $2, '10001', 'New York', '2026-03-02T15:00:00Z', true, true, '09:00',
                 'America/New_York', 25, 'Prospect')`,
        [id, email],
      );
    }
    // [n, member, week, createdAt], in the order they were added.
    const records: [number, string, number, string][] = [
      [1, MEMBER_A, 1, '2026-03-08T10:00:00Z'],
      [2, MEMBER_A, 1, '2026-03-09T10:00:00Z'],
      [3, MEMBER_B, 1, '2026-03-08T10:00:00Z'],
      [4, MEMBER_A, 2, '2026-03-15T10:00:00Z'],
      [5, MEMBER_A, 1, '2026-03-08T12:00:00Z'],
      [6, MEMBER_A, 2, '2026-03-15T10:00:00Z'],
    ];
    for (const [n, memberId, week, createdAt] of records) {
      await pool.query(
        `INSERT INTO ripple_effects (id, member_id, week, relationship_improvements, positive_interactions,
                                     conflicts_avoided, others_inspired, notes, created_at)
         VALUES ($1, $2, $3, 1, 2, 0, 0, $4, $5)`,
        [rippleId(n), memberId, week, `Record ${n}`, createdAt],
      );
    }

    expect((await migrate(pool)).applied).toContain('005_member_promises');

    const { rows } = await pool.query<{ id: string }>('SELECT id FROM ripple_effects ORDER BY seq');
    expect(rows.map((row) => row.id)).toEqual([rippleId(2), rippleId(3), rippleId(6)]);
    const reads = new PgReads(runOn(pool), false);
    const member = await reads.memberById(MEMBER_A);
    expect(member).toMatchObject({ id: MEMBER_A, level: 'Prospect' });
    // Members from before have none of the new fields.
    for (const field of ['inviteCode', 'invitedBy', 'levelSeen', 'afterExperiment']) {
      expect(member).not.toHaveProperty(field);
    }
    expect(await reads.storiesOf(MEMBER_A)).toStrictEqual([]);
    // A second record of a week is now refused by the database itself.
    await expect(
      pool.query(
        `INSERT INTO ripple_effects (id, member_id, week, relationship_improvements, positive_interactions,
                                     conflicts_avoided, others_inspired, notes, created_at)
         VALUES ($1, $2, 1, 1, 2, 0, 0, '', now())`,
        [rippleId(7), MEMBER_B],
      ),
    ).rejects.toMatchObject({ constraint: 'ripple_effects_member_week_unique' });
  });
});
