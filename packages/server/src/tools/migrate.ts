/**
 * `npm run db:migrate`: applies the pending migrations (packages/server/migrations) to the
 * database in DATABASE_URL and says which. The server also migrates when it starts; this is for
 * preparing a database ahead of a deploy.
 */
import { errorFields, silentLogger } from '../log.js';
import { migrate } from '../store/postgres/migrate.js';
import { createPool } from '../store/postgres/pool.js';

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('DATABASE_URL is not set. Set it to the PostgreSQL database to migrate, e.g.\n');
    process.stderr.write('  DATABASE_URL=postgres://user:password@localhost:5432/prr npm run db:migrate\n');
    return 1;
  }
  const pool = createPool(url, { max: 1, logger: silentLogger });
  try {
    const { applied } = await migrate(pool);
    process.stdout.write(
      applied.length === 0
        ? 'The database is up to date.\n'
        : `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}:\n${applied.map((v) => `  ${v}\n`).join('')}`,
    );
    return 0;
  } catch (error) {
    const fields = errorFields(error);
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    process.stderr.write(`Migration failed: ${String(fields.error)}${cause}\n`);
    return 1;
  } finally {
    await pool.end();
  }
}

process.exitCode = await main();
