/**
 * Vitest globalSetup (the `server` project; usable by `e2e`): a real PostgreSQL server for the run
 * and the template every test database is copied from (databases.ts).
 *
 * - TEST_DATABASE_URL set: that server (the tests create and drop databases named prr_template
 *   and prr_t_* on it; one run at a time per server).
 * - Otherwise a temporary cluster of Debian's PostgreSQL (scripts/postgres.mjs), stopped and
 *   removed at teardown. Without the binaries the run stops here, naming the install command.
 *
 * The template is migrated and seeded as a first start with db.json would, then closed to
 * connections: CREATE DATABASE … TEMPLATE fails while anyone is connected to it.
 */
import type { TestProject } from 'vitest/node';
import { startTempCluster } from '../../../../scripts/postgres.mjs';
import { SEED_FILE } from '../../src/paths.js';
import { migrate } from '../../src/store/postgres/migrate.js';
import { createPool } from '../../src/store/postgres/pool.js';
import { openPostgresStore } from '../../src/store/postgres/postgresStore.js';
import { TEMPLATE_DATABASE, databaseUrl, withAdmin } from './databases.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** Admin URL of the run's PostgreSQL server (globalSetup.ts); tests take databases from databases.ts. */
    postgresUrl: string;
  }
}

interface SharedServer {
  url: string;
  users: number;
  stop(): Promise<void>;
}

/**
 * When several projects list this setup, Vitest runs it once per project in the same process:
 * they share one server and one template (a second template build would drop the first's under
 * running tests).
 */
const SHARED = Symbol.for('prr.testPostgres');
type WithShared = typeof globalThis & { [SHARED]?: Promise<SharedServer> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const holder = globalThis as WithShared;
  holder[SHARED] ??= startServer();
  let server: SharedServer;
  try {
    server = await holder[SHARED];
  } catch (error) {
    delete holder[SHARED];
    throw error;
  }
  server.users += 1;
  project.provide('postgresUrl', server.url);
  // For processes the tests start (the app in a child process), which cannot inject().
  process.env.PRR_TEST_POSTGRES_URL = server.url;

  return async () => {
    server.users -= 1;
    if (server.users > 0) return;
    delete holder[SHARED];
    delete process.env.PRR_TEST_POSTGRES_URL;
    await server.stop();
  };
}

async function startServer(): Promise<SharedServer> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    await buildTemplate(external);
    return { url: external, users: 0, stop: () => dropTestDatabases(external) };
  }
  const cluster = await startTempCluster();
  try {
    await buildTemplate(cluster.url);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return { url: cluster.url, users: 0, stop: () => cluster.stop() };
}

async function buildTemplate(serverUrl: string): Promise<void> {
  // A template left by an earlier run that died (only on TEST_DATABASE_URL) is rebuilt, since
  // the migrations or the seed may have changed since.
  await dropTemplate(serverUrl);
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`));

  const url = databaseUrl(serverUrl, TEMPLATE_DATABASE);
  const pool = createPool(url, { max: 1 });
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  // As a first start does: an empty database gets db.json's products, testimonials and map.
  const store = await openPostgresStore({ url, seedFile: SEED_FILE, migrate: false, poolMax: 1 });
  await store.close();

  await withAdmin(serverUrl, (client) =>
    client.query(`ALTER DATABASE ${TEMPLATE_DATABASE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`),
  );
}

async function dropTemplate(serverUrl: string): Promise<void> {
  await withAdmin(serverUrl, async (client) => {
    const { rows } = await client.query<{ exists: boolean }>(
      'SELECT EXISTS (SELECT FROM pg_database WHERE datname = $1) AS exists',
      [TEMPLATE_DATABASE],
    );
    if (!rows[0]?.exists) return;
    // A template database cannot be dropped until it is an ordinary one again.
    await client.query(`ALTER DATABASE ${TEMPLATE_DATABASE} WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE ${TEMPLATE_DATABASE} WITH (FORCE)`);
  });
}

/** At the end of a run on TEST_DATABASE_URL: the template and whatever test databases are left. */
async function dropTestDatabases(serverUrl: string): Promise<void> {
  await withAdmin(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'prr\\_t\\_%'",
    );
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname.replaceAll('"', '""')}" WITH (FORCE)`);
  });
  await dropTemplate(serverUrl);
}
