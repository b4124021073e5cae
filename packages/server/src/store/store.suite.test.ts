/**
 * The shared store suite (storeSuite.ts) on both implementations: lowdb over a data file in a
 * temporary folder, and PostgreSQL on a database of its own per test, copied from the migrated and
 * seeded template of the run's server (test/postgres/globalSetup.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { dropAllTestDatabases, dropDatabase, freshDatabaseUrl } from '../../test/postgres/databases.js';
import { SEED_FILE } from '../paths.js';
import { openLowdbStore } from './lowdb/lowdbStore.js';
import { openPostgresStore } from './postgres/postgresStore.js';
import { runStoreSuite } from './storeSuite.js';

afterAll(dropAllTestDatabases);

runStoreSuite('lowdb', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'prr-store-suite-'));
  try {
    const store = await openLowdbStore({ file: join(dir, 'data', 'db.json'), seedFile: SEED_FILE });
    return {
      store,
      close: async () => {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
});

runStoreSuite('postgres', async () => {
  const url = await freshDatabaseUrl();
  try {
    const store = await openPostgresStore({ url, seedFile: SEED_FILE, poolMax: 4 });
    return {
      store,
      close: async () => {
        await store.close();
        await dropDatabase(url);
      },
    };
  } catch (error) {
    await dropDatabase(url);
    throw error;
  }
});
