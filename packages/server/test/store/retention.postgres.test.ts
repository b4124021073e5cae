/**
 * What the PostgreSQL purge adds to the store suite's retention cases (store/postgres/retention.ts):
 * one purge at a time across servers, through an advisory lock, and DELETEs in batches that go on
 * until nothing past its period is left.
 */
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { retentionCutoffs } from '../../src/scheduler/retention.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres/postgresStore.js';
import { DELETE_BATCH, RETENTION_LOCK_ID } from '../../src/store/postgres/retention.js';
import { dropAllTestDatabases, dropDatabase, freshDatabaseUrl } from '../postgres/databases.js';
import { T0, MINUTE } from './setup.js';

afterAll(dropAllTestDatabases);

const cutoffs = retentionCutoffs(new Date(T0));

let url: string;
let store: PostgresStore;
beforeEach(async () => {
  url = await freshDatabaseUrl();
  store = await openPostgresStore({ url, poolMax: 4 });
});
afterEach(async () => {
  await store.close();
  await dropDatabase(url);
});

/** `count` admin challenges expiring at `expiresAt`, written in one statement. */
async function challenges(prefix: string, count: number, expiresAt: number): Promise<void> {
  await store.pool.query(
    `INSERT INTO admin_challenges (key, value, expires_at)
     SELECT $1 || g, 'challenge', $2 FROM generate_series(1, $3) AS g`,
    [prefix, new Date(expiresAt), count],
  );
}

const challengesLeft = async (): Promise<number> =>
  (await store.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_challenges')).rows[0]!.n;

it('a purge that finds another server purging (the advisory lock taken) answers undefined and deletes nothing', async () => {
  await challenges('expired-', 1, T0 - MINUTE);
  const otherServer = await store.pool.connect();
  try {
    await otherServer.query('SELECT pg_advisory_lock($1)', [RETENTION_LOCK_ID]);
    expect(await store.purgeExpired(cutoffs)).toBeUndefined();
    expect(await challengesLeft()).toBe(1);
  } finally {
    await otherServer.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_ID]);
    otherServer.release();
  }
  expect((await store.purgeExpired(cutoffs))?.adminChallenges).toBe(1);
  // The purge let go of the lock too: the next one runs.
  await challenges('expired-again-', 1, T0 - MINUTE);
  expect((await store.purgeExpired(cutoffs))?.adminChallenges).toBe(1);
});

it(`deletes in batches of ${DELETE_BATCH} rows until none past its period is left`, async () => {
  await challenges('expired-', 2 * DELETE_BATCH + 1, T0 - MINUTE);
  await challenges('live-', 3, T0 + MINUTE);
  expect((await store.purgeExpired(cutoffs))?.adminChallenges).toBe(2 * DELETE_BATCH + 1);
  expect(await challengesLeft()).toBe(3);
});
