/**
 * Backing up and restoring the PostgreSQL store with PostgreSQL's own programs: pg_dump's custom
 * format (one consistent snapshot of the whole database, taken while the server keeps serving,
 * compressed, and restorable table by table), and pg_restore in one transaction, so a restore that
 * fails leaves the database as empty as it found it.
 *
 * The dump holds every table, app_secrets too: the secret that seals the links in e-mails already
 * sent comes back with the site (lowdbBackup.ts explains why that matters).
 */
import { stat } from 'node:fs/promises';
import { silentLogger } from '../../log.js';
import { createPool } from '../../store/postgres/pool.js';
import { backupKindOf } from './backupKind.js';
import { BackupError, reason } from './errors.js';
import { publishNew, refuseExisting, removeQuietly, sealPrivate, tempBeside, writePrivate } from './files.js';
import { childConnection, describeDatabase, findPgProgram, runPgProgram } from './pgBinaries.js';

interface SiteState {
  /** The migrations' table is there: the server has run on this database. */
  site: boolean;
  /** Members, when the members table is there. */
  members: number | undefined;
}

/** With `analyse`, first gathers the planner's statistics, which pg_restore leaves empty until autovacuum runs. */
async function siteState(databaseUrl: string, analyse = false): Promise<SiteState> {
  const pool = createPool(databaseUrl, { max: 1, logger: silentLogger });
  try {
    if (analyse) await pool.query('ANALYZE');
    const { rows } = await pool.query<{ site: boolean; members: boolean }>(
      `SELECT to_regclass('schema_migrations') IS NOT NULL AS site, to_regclass('members') IS NOT NULL AS members`,
    );
    const found = rows[0];
    if (!found?.members) return { site: found?.site === true, members: undefined };
    // count(*) is an int8, which the pool reads as a number (store/postgres/pool.ts).
    const counted = await pool.query<{ n: number }>('SELECT count(*) AS n FROM members');
    return { site: found.site, members: counted.rows[0]?.n ?? 0 };
  } catch (error) {
    throw new BackupError('database', `Cannot query the ${describeDatabase(databaseUrl)}: ${reason(error)}`, {
      cause: error,
    });
  } finally {
    await pool.end();
  }
}

export interface PostgresBackup {
  file: string;
  database: string;
  bytes: number;
}

export async function backupPostgres(options: { databaseUrl: string; file: string }): Promise<PostgresBackup> {
  const { databaseUrl, file } = options;
  await refuseExisting(file);
  const pgDump = findPgProgram('pg_dump');
  const pgRestore = findPgProgram('pg_restore');
  const database = describeDatabase(databaseUrl);
  if (!(await siteState(databaseUrl)).site)
    throw new BackupError(
      'no-site',
      `The ${database} holds no site (it has no schema_migrations table): is DATABASE_URL the database the server runs on?`,
    );
  const connection = childConnection(databaseUrl);
  const temp = tempBeside(file);
  try {
    // Created owner-only first: pg_dump writes into it and keeps its mode.
    await writePrivate(temp);
    await runPgProgram(
      pgDump,
      'pg_dump',
      ['--format=custom', '--no-password', `--file=${temp}`, `--dbname=${connection.dbname}`],
      connection,
    );
    // The archive reads back: its header and its table of contents.
    if ((await backupKindOf(temp)) !== 'postgres')
      throw new BackupError('failed', 'pg_dump wrote something that is not a custom-format archive.');
    await runPgProgram(pgRestore, 'pg_restore', ['--list', temp]);
    await sealPrivate(temp);
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
  await publishNew(temp, file);
  return { file, database, bytes: (await stat(file)).size };
}

export interface PostgresRestore {
  file: string;
  database: string;
  bytes: number;
  members: number;
}

/** `file` must be a custom-format dump (backupKind.ts). */
export async function restorePostgres(options: { databaseUrl: string; file: string }): Promise<PostgresRestore> {
  const { databaseUrl, file } = options;
  const pgRestore = findPgProgram('pg_restore');
  const database = describeDatabase(databaseUrl);
  const before = await siteState(databaseUrl);
  if (before.site)
    throw new BackupError(
      'not-empty',
      `The ${database} already holds a site (schema_migrations is there` +
        `${before.members === undefined ? '' : `, ${before.members} members`}): npm run db:restore only fills an empty database. ` +
        'Create a new one (createdb), point DATABASE_URL at it, then restore again.',
    );
  const connection = childConnection(databaseUrl);
  await runPgProgram(
    pgRestore,
    'pg_restore',
    [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      '--no-password',
      `--dbname=${connection.dbname}`,
      file,
    ],
    connection,
  );
  const after = await siteState(databaseUrl, true);
  return { file, database, bytes: (await stat(file)).size, members: after.members ?? 0 };
}
