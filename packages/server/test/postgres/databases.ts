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
 *
 * The HTTP tests take theirs from reusableDatabaseUrl() instead, and hand it back with
 * releaseDatabase(): the file keeps one database and resets it to the template's contents between
 * tests (one TRUNCATE and the template's rows put back), several times cheaper than a CREATE and a
 * DROP DATABASE per test, and as isolated (docs/testing.md#speed).
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

/** The e-mail log of these members' addresses, counted by kind and status: what the scheduler recorded sending. */
export function deliveriesOf(
  databaseUrl: string,
  emails: readonly string[],
): Promise<Array<{ kind: string; status: string; n: number }>> {
  return withAdmin(databaseUrl, async (client) => {
    const { rows } = await client.query<{ kind: string; status: string; n: number }>(
      `SELECT kind, status, count(*)::int AS n FROM email_deliveries
       WHERE member_id IN (SELECT id FROM members WHERE email = ANY($1)) GROUP BY kind, status ORDER BY kind, status`,
      [emails],
    );
    return rows;
  });
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
  if (free.includes(url)) free.splice(free.indexOf(url), 1);
}

/** Drops every database this process made (for afterAll); other files' databases are left alone. */
export async function dropAllTestDatabases(): Promise<void> {
  for (const url of [...created]) await dropDatabase(url);
}

// ---- one database per file, reset between tests ------------------------------------------------

/** What the template holds, read once per database: its tables and the rows of those that have any. */
interface Contents {
  tables: string[];
  rows: { table: string; columns: string[]; json: string }[];
}

/** Databases handed back by releaseDatabase(), free for the next test of this file, with the template's contents. */
const free: string[] = [];
let templateContents: Promise<Contents> | undefined;

async function readContents(url: string): Promise<Contents> {
  return withAdmin(url, async (client) => {
    const { rows: tables } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const rows: Contents['rows'] = [];
    for (const { table_name: table } of tables) {
      const { rows: data } = await client.query<{ json: string | null }>(
        `SELECT json_agg(t)::text AS json FROM ${quoteIdent(table)} t`,
      );
      const json = data[0]?.json;
      if (!json) continue;
      // Generated columns are computed again on insert; they cannot be given.
      const { rows: columns } = await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
          ORDER BY ordinal_position`,
        [table],
      );
      rows.push({ table, columns: columns.map((c) => c.column_name), json });
    }
    return { tables: tables.map((t) => t.table_name), rows };
  });
}

/** Puts `url`'s database back to the template's contents: every table emptied, the template's rows put back. */
async function resetDatabase(url: string, contents: Contents): Promise<void> {
  await withAdmin(url, async (client) => {
    // Sessions the last test left (a pool just ended) are cut, as DROP DATABASE … WITH (FORCE) would.
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await client.query('BEGIN');
    await client.query(`TRUNCATE ${contents.tables.map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`);
    for (const { table, columns, json } of contents.rows) {
      const list = columns.map(quoteIdent).join(', ');
      await client.query(
        `INSERT INTO ${quoteIdent(table)} (${list}) OVERRIDING SYSTEM VALUE
         SELECT ${list} FROM json_populate_recordset(NULL::${quoteIdent(table)}, $1::json)`,
        [json],
      );
    }
    await client.query('COMMIT');
  });
}

/**
 * A database with the template's contents for one test: this file's database, reset, when a test
 * handed it back; otherwise a new copy of the template. Hand it back with releaseDatabase().
 */
export async function reusableDatabaseUrl(): Promise<string> {
  const url = free.pop();
  if (url === undefined) {
    const fresh = await freshDatabaseUrl();
    templateContents ??= readContents(fresh);
    await templateContents;
    return fresh;
  }
  await resetDatabase(url, await templateContents!);
  return url;
}

/** Hands a database of reusableDatabaseUrl() back when its test is done with it (its store closed). */
export function releaseDatabase(url: string): void {
  if (!created.has(url)) throw new Error(`Not a database of this process: ${url}`);
  free.push(url);
}
