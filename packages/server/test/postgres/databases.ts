/**
 * A database of its own for each test (or test file): a copy of `prr_template`, which
 * globalSetup.ts made once per run with every migration applied and the seed loaded. The server
 * copies a template itself, in tens of milliseconds, far cheaper than migrating and seeding again.
 *
 *   const url = await freshDatabaseUrl();   // then openPostgresStore({ url }) or the app with DATABASE_URL
 *   afterAll(dropAllTestDatabases);
 *
 * Works in parallel forks: every database has a random name, and nobody connects to the template
 * (globalSetup.ts closes it to connections), which CREATE DATABASE … TEMPLATE requires.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export const TEMPLATE_DATABASE = 'prr_template';
const TEST_DATABASE_PREFIX = 'prr_t_';
const TEST_DATABASE_NAME = /^prr_t_[0-9a-f]+$/;
/** SQLSTATE object_in_use: "source database … is being accessed by other users". */
const OBJECT_IN_USE = '55006';

/** The URL of `database` on the server of `serverUrl`, keeping its user, host and parameters. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** The admin URL of the tests' server: provided by globalSetup.ts, or inherited by a child process. */
export function testServerUrl(): string {
  let url: string | undefined;
  try {
    url = inject('postgresUrl');
  } catch {
    // Not inside a Vitest worker (a child process of a test, the bench): the environment has it.
  }
  url ||= process.env.PRR_TEST_POSTGRES_URL;
  if (!url) {
    throw new Error(
      "No test PostgreSQL server: add packages/server/test/postgres/globalSetup.ts to this Vitest project's globalSetup " +
        '(vitest.config.ts), or set PRR_TEST_POSTGRES_URL in a child process.',
    );
  }
  return url;
}

/** Runs fn on a short-lived admin connection (never one kept open: forks would pile them up). */
export async function withAdmin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, application_name: 'prr-test-admin' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Databases this process made, for dropAllTestDatabases(). */
const created = new Set<string>();

/** Creates `prr_t_<random>` from the template and returns its URL. */
export async function freshDatabaseUrl(): Promise<string> {
  const serverUrl = testServerUrl();
  const name = `${TEST_DATABASE_PREFIX}${randomBytes(8).toString('hex')}`;
  await withAdmin(serverUrl, async (client) => {
    // The server already waits up to 5 s for sessions on the template to end; a session that
    // lingers longer (a test that connected to it by mistake) gets a little more time here.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(TEMPLATE_DATABASE)}`);
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== OBJECT_IN_USE || attempt >= 5) throw error;
        await sleep(100 * attempt);
      }
    }
  });
  const url = databaseUrl(serverUrl, name);
  created.add(url);
  return url;
}

/** Drops a database made by freshDatabaseUrl(), cutting any connection a test left open. */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (!TEST_DATABASE_NAME.test(name)) throw new Error(`Refusing to drop ${name}: not a test database`);
  await withAdmin(testServerUrl(), (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  );
  created.delete(url);
}

/** Drops every database this process made (for afterAll); other files' databases are left alone. */
export async function dropAllTestDatabases(): Promise<void> {
  for (const url of [...created]) await dropDatabase(url);
}
