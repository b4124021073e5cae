/**
 * The store suite (setup.ts and the *.cases.ts files beside it, one per area) on both
 * implementations: lowdb over a data file in a temporary folder, and PostgreSQL on a database of
 * its own per test, copied from the migrated and seeded template of the run's server
 * (test/postgres/globalSetup.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { SEED_FILE } from '../../src/paths.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdbStore.js';
import { openPostgresStore } from '../../src/store/postgres/postgresStore.js';
import { dropAllTestDatabases, dropDatabase, freshDatabaseUrl } from '../postgres/databases.js';
import { adminCases } from './admin.cases.js';
import { emailOutboxCases } from './emailOutbox.cases.js';
import { insightCases } from './insights.cases.js';
import { memberCases } from './members.cases.js';
import { reflectionCases } from './reflections.cases.js';
import { retentionCases } from './retention.cases.js';
import { storeContext, type OpenedStore } from './setup.js';
import { signInCases } from './signIn.cases.js';
import { storyCases } from './stories.cases.js';
import { transactionCases } from './transactions.cases.js';

afterAll(dropAllTestDatabases);

const AREAS = [
  memberCases,
  reflectionCases,
  storyCases,
  transactionCases,
  signInCases,
  emailOutboxCases,
  adminCases,
  insightCases,
  retentionCases,
] as const;

function runStoreSuite(name: string, open: () => Promise<OpenedStore>): void {
  describe(`store suite: ${name}`, () => {
    const ctx = storeContext(name, open);
    for (const area of AREAS) area(ctx);
  });
}

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
