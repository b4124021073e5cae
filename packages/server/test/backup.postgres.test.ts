/**
 * `npm run db:backup` and `npm run db:restore` on PostgreSQL, run as the operator runs them, with
 * pg_dump and pg_restore against the tests' real server and the real server process (bin.ts)
 * (README, "Backups"):
 * - a dump taken while joins and reflections keep arriving holds every one acknowledged before it
 *   started; restored into an empty database, the site starts on it, knows those members by the
 *   cookies they had, and still opens a sign-in link e-mailed before the backup (the secret is a
 *   table, so the dump holds it);
 * - the password of DATABASE_URL never shows, and reaches pg_dump through its environment only;
 * - refusals: over an existing file; into a database that holds a site; a lowdb backup, pointing
 *   to `npm run db:import`.
 * Every wait is for an answer or an exit.
 */
import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_FILE } from '../src/paths.js';
import { childConnection } from '../src/tools/backup/pgBinaries.js';
import { emailedSignInKey, expectRestoredSiteServes, runScript, writeLoad } from './backup.helpers.js';
import { JOIN, joinAndSignIn } from './helpers.js';
import {
  databaseUrl,
  dropAllTestDatabases,
  dropDatabase,
  freshDatabaseUrl,
  testServerUrl,
  withAdmin,
} from './postgres/databases.js';
import { freshServerDirEach, startBin } from './proof/support.js';

const dir = freshServerDirEach('prr-backup-pg-');
/** Trust authentication ignores it; the tools must still never show it. */
const PASSWORD = 'backup-password-never-shown';

const emptyDatabases: string[] = [];
afterAll(async () => {
  for (const url of emptyDatabases) await dropDatabase(url);
  await dropAllTestDatabases();
});

const withPassword = (url: string): string => {
  const withIt = new URL(url);
  withIt.password = PASSWORD;
  return withIt.toString();
};

/** A database with nothing in it, as `createdb` makes one (named so that dropDatabase takes it). */
async function emptyDatabase(): Promise<string> {
  const name = `prr_t_${randomBytes(8).toString('hex')}`;
  await withAdmin(testServerUrl(), (client) => client.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(testServerUrl(), name);
  emptyDatabases.push(url);
  return url;
}

const modeOf = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;

const postgresEnv = (url: string) => ({ DATABASE_URL: withPassword(url), SESSION_SECRET: undefined });

function startSite(url: string, outbox: string) {
  return startBin({ dataFile: join(dir(), 'unused-db.json'), env: { DATABASE_URL: url, OUTBOX_DIR: outbox } });
}

describe('a PostgreSQL backup taken under load', () => {
  it('restores every join and reflection acknowledged before it started, and the links already e-mailed', async () => {
    const siteUrl = await freshDatabaseUrl();
    const outbox = join(dir(), 'outbox');
    const backupFile = join(dir(), 'site.dump');
    const server = await startSite(siteUrl, outbox);
    await joinAndSignIn(server.baseUrl);
    const key = await emailedSignInKey(server.baseUrl, outbox, JOIN.email);

    const load = writeLoad(server.baseUrl, 'backup-pg');
    await load.reflectedAtLeast(10);
    const before = load.acknowledged();
    const backup = await runScript('db:backup', backupFile, postgresEnv(siteUrl));
    const after = load.acknowledged();
    await load.stop();
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    expect(backup).toMatchObject({ code: 0, stderr: [] });
    expect(backup.stdout).toEqual([expect.stringMatching(/^Backed up the PostgreSQL database prr_t_\w+ on .* bytes/)]);
    expect(backup.stdout.join('\n')).not.toContain(PASSWORD);
    expect(after.joined.length).toBeGreaterThan(before.joined.length);
    expect(await modeOf(backupFile)).toBe(0o600);
    expect((await readFile(backupFile)).subarray(0, 5).toString()).toBe('PGDMP');

    const restoredUrl = await emptyDatabase();
    const restore = await runScript('db:restore', backupFile, postgresEnv(restoredUrl));
    expect(restore).toMatchObject({ code: 0, stderr: [] });
    const { members, reflected } = await withAdmin(restoredUrl, async (client) => ({
      members: (await client.query<{ email: string }>('SELECT email FROM members')).rows.map((r) => r.email),
      reflected: (
        await client.query<{ email: string }>(
          'SELECT m.email FROM reflections r JOIN members m ON m.id = r.member_id WHERE r.day = 1',
        )
      ).rows.map((r) => r.email),
    }));
    expect(restore.stdout).toEqual([
      expect.stringMatching(new RegExp(`^Restored .* bytes, ${members.length.toLocaleString('en-US')} members\\.$`)),
    ]);
    expect(before.joined.length).toBeGreaterThanOrEqual(10);
    expect(before.joined.filter((email) => !members.includes(email))).toEqual([]);
    expect(before.reflected.filter((email) => !reflected.includes(email))).toEqual([]);

    const site = await startSite(restoredUrl, join(dir(), 'restored-outbox'));
    await expectRestoredSiteServes(site.baseUrl, key, load, before);
  });
});

describe('what the PostgreSQL tools refuse', () => {
  it('a backup over a file, a restore into a database that holds a site, and a lowdb backup', async () => {
    const siteUrl = await freshDatabaseUrl();
    const existing = join(dir(), 'existing.dump');
    await writeFile(existing, 'an older backup');
    const lowdbBackup = join(dir(), 'site-backup.json');
    await writeFile(lowdbBackup, await readFile(SEED_FILE));
    // Recognised by its first bytes; the refusal comes before pg_restore reads any further.
    const dump = join(dir(), 'site.dump');
    await writeFile(dump, 'PGDMP and the rest of a custom-format archive');

    const [over, intoSite, fromLowdb] = await Promise.all([
      runScript('db:backup', existing, postgresEnv(siteUrl)),
      runScript('db:restore', dump, postgresEnv(siteUrl)),
      runScript('db:restore', lowdbBackup, postgresEnv(siteUrl)),
    ]);
    expect(over).toEqual({
      code: 1,
      stdout: [],
      stderr: [expect.stringMatching(/existing\.dump already exists: a backup never overwrites/)],
    });
    expect(await readFile(existing, 'utf8')).toBe('an older backup');
    expect(intoSite).toEqual({
      code: 1,
      stdout: [],
      stderr: [expect.stringMatching(/already holds a site \(schema_migrations is there, 0 members\)/)],
    });
    expect(fromLowdb).toEqual({
      code: 1,
      stdout: [],
      stderr: [expect.stringMatching(/site-backup\.json is a lowdb backup, .* run npm run db:import -- /)],
    });
    for (const run of [over, intoSite, fromLowdb]) expect(run.stderr.join('\n')).not.toContain(PASSWORD);
  });

  it('the password goes to the child programs in their environment, never on their command line', () => {
    const connection = childConnection(
      `postgres://prr:${encodeURIComponent('p@ss word')}@db.example.org:5433/prr?sslmode=require`,
    );
    expect(connection).toEqual({
      dbname: 'postgres://prr@db.example.org:5433/prr?sslmode=require',
      env: { PGPASSWORD: 'p@ss word' },
      hidden: ['p%40ss%20word', 'p@ss word'],
    });
    expect(childConnection('postgres://prr@db.example.org/prr?password=secret').env).toEqual({ PGPASSWORD: 'secret' });
    expect(childConnection('postgres://prr@db.example.org/prr?password=secret').dbname).not.toContain('secret');
  });
});
