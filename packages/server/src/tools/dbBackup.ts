/**
 * `npm run db:backup -- <file>`: a backup of the store `npm start` runs on, written to a new file
 * (never over an existing one), owner-only, while the server keeps running. PostgreSQL
 * (DATABASE_URL): a pg_dump custom-format archive. lowdb: a checked copy of the data file with the
 * secret kept beside it. Restore with `npm run db:restore -- <file>` (README, "Backups").
 */
import { environment, fileArgument, number, runTool } from './backup/cli.js';
import { backupLowdb, type BackedUpSecret } from './backup/lowdbBackup.js';
import { backupPostgres } from './backup/postgresBackup.js';

const USAGE = 'Usage: npm run db:backup -- <backup file> (a new file: a backup never overwrites one)';

const SECRET: Record<BackedUpSecret, string> = {
  included: 'with the session secret',
  environment: 'without the session secret (SESSION_SECRET is set: keep it with the backup)',
  none: 'no session secret beside the data file',
};

async function main(): Promise<string> {
  const file = fileArgument(process.argv.slice(2), USAGE);
  const env = environment();
  if (env.databaseUrl) {
    const done = await backupPostgres({ databaseUrl: env.databaseUrl, file });
    return `Backed up the PostgreSQL ${done.database} to ${done.file}: ${number(done.bytes)} bytes (pg_dump custom format).`;
  }
  const done = await backupLowdb({ dataFile: env.dataFile, file, sessionSecretSet: env.sessionSecret !== undefined });
  return (
    `Backed up ${done.dataFile} to ${done.file}: ${number(done.bytes)} bytes, ` +
    `${number(done.members)} members, ${SECRET[done.secret]}.`
  );
}

process.exitCode = await runTool(main, 'The backup failed');
