/**
 * Applies packages/server/migrations/*.sql in name order, each once and in its own transaction,
 * recording them in schema_migrations. A session-level advisory lock serialises processes that
 * start at the same moment, so two of them never apply one file twice.
 */
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { AppError } from '@prr/domain';
import { errorFields, silentLogger, type Logger } from '../../log.js';
import { REPO_ROOT } from '../../paths.js';
import { query, withClient } from './pool.js';

export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'packages/server/migrations');

/** Any fixed bigint works; this one spells "PRRmigr8" in ASCII. Also guards the seed (seed.ts). */
export const SCHEMA_LOCK_ID = '5787779100997808696';

/** Runs fn on one client holding the schema lock; the lock goes with the session if it dies. */
export async function withSchemaLock<T>(
  pool: Pool,
  logger: Logger,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  return withClient(pool, logger, async (client) => {
    await query(client, 'SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_ID]);
    try {
      return await fn(client);
    } finally {
      // A failed unlock (connection gone) is harmless: the server releases it with the session.
      await query(client, 'SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_ID]).catch(() => undefined);
    }
  });
}

/** One transaction on `client`: COMMIT when fn resolves, ROLLBACK (and rethrow) when it throws. */
export async function inTransaction<T>(client: PoolClient, fn: () => Promise<T>): Promise<T> {
  await query(client, 'BEGIN');
  try {
    const result = await fn();
    await query(client, 'COMMIT');
    return result;
  } catch (error) {
    await query(client, 'ROLLBACK').catch(() => undefined);
    throw error;
  }
}

let releaseMigrations: Promise<string[]> | undefined;

/** This release's migration files, read once: /readyz asks on every check, and they never change while it runs. */
function migrationFiles(): Promise<string[]> {
  releaseMigrations ??= readdir(MIGRATIONS_DIR).then(
    (names) => names.filter((name) => name.endsWith('.sql')).sort(),
    (error: unknown) => {
      releaseMigrations = undefined; // read again next time
      throw error;
    },
  );
  return releaseMigrations;
}

/** The migrations this release has that the database has not applied, in name order. */
export async function pendingMigrations(
  run: (text: string) => Promise<{ rows: { version: string }[] }>,
): Promise<string[]> {
  const [files, done] = await Promise.all([migrationFiles(), run('SELECT version FROM schema_migrations')]);
  const known = new Set(done.rows.map((row) => row.version));
  return files.map((file) => file.replace(/\.sql$/, '')).filter((version) => !known.has(version));
}

export async function migrate(pool: Pool, logger: Logger = silentLogger): Promise<{ applied: string[] }> {
  const files = await migrationFiles();
  return withSchemaLock(pool, logger, async (client) => {
    await query(
      client,
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version    text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = await query<{ version: string }>(client, 'SELECT version FROM schema_migrations');
    const known = new Set(done.rows.map((row) => row.version));
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (known.has(version)) continue;
      const sql = await readFile(resolve(MIGRATIONS_DIR, file), 'utf8');
      try {
        await inTransaction(client, async () => {
          // No parameters: the simple query protocol runs the file's many statements in one go.
          await query(client, sql);
          await query(client, 'INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
        });
      } catch (error) {
        logger.error('migration failed', { migration: file, ...errorFields(error) });
        if (error instanceof AppError) throw error;
        throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      logger.info('migration applied', { migration: file });
      applied.push(version);
    }
    return { applied };
  });
}
