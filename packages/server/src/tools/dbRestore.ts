/**
 * `npm run db:restore -- <file>`: brings a backup of `npm run db:backup` back into an EMPTY store
 * of the kind `npm start` runs on (DATABASE_URL: PostgreSQL, else DATA_FILE), and refuses a store
 * that holds a site, or a backup of the other kind. Run it with the server stopped, then start
 * the server and check /readyz (README, "Backups").
 */
import { backupKindOf, wrongKind } from './backup/backupKind.js';
import { environment, fileArgument, number, runTool } from './backup/cli.js';
import { restoreLowdb } from './backup/lowdbBackup.js';
import { restorePostgres } from './backup/postgresBackup.js';

const USAGE = 'Usage: npm run db:restore -- <backup file> (into an empty store: see README, "Backups")';

async function main(): Promise<string> {
  const file = fileArgument(process.argv.slice(2), USAGE);
  const env = environment();
  const kind = await backupKindOf(file);
  if (env.databaseUrl) {
    if (kind !== 'postgres') throw wrongKind(file, kind);
    const done = await restorePostgres({ databaseUrl: env.databaseUrl, file });
    return `Restored ${done.file} into the PostgreSQL ${done.database}: ${number(done.bytes)} bytes, ${number(done.members)} members.`;
  }
  if (kind !== 'lowdb') throw wrongKind(file, kind);
  const done = await restoreLowdb({ file, dataFile: env.dataFile, sessionSecret: env.sessionSecret });
  const secret =
    done.secret === 'none'
      ? 'no session secret in the backup (the server makes one, unless SESSION_SECRET is set)'
      : done.secretOverridden
        ? 'its session secret restored, but SESSION_SECRET is set to another, which the server will use: links e-mailed before the backup will not open'
        : 'with its session secret';
  return `Restored ${done.file} to ${done.dataFile}: ${number(done.bytes)} bytes, ${number(done.members)} members, ${secret}.`;
}

process.exitCode = await runTool(main, 'The restore failed');
