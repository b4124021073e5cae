/**
 * `npm run db:import -- <data file> [--force]`: copies a lowdb data file into the PostgreSQL
 * database in DATABASE_URL (migrating it first), in one transaction, and prints what it copied.
 * Refuses a database that already holds members unless --force. See importLowdb.ts.
 *
 * Output names collections, counts and indexes only: never a member's e-mail or a reflection.
 */
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { silentLogger } from '../log.js';
import { migrate } from '../store/postgres/migrate.js';
import { createPool } from '../store/postgres/pool.js';
import { COLLECTIONS, ImportError, importLowdbFile, type ImportCounts } from './importLowdb.js';

const USAGE = 'Usage: npm run db:import -- <lowdb data file> [--force]\n';
const PROGRESS_INTERVAL_MS = 5_000;

const total = (counts: Readonly<ImportCounts>): number => COLLECTIONS.reduce((sum, name) => sum + counts[name], 0);
const number = (n: number): string => n.toLocaleString('en-US');

function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(0)} s`;
}

function parseArgs(args: readonly string[]): { file: string; force: boolean } | undefined {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]?.startsWith('-')) return undefined;
  return { file: rest[0] as string, force };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    process.stderr.write(USAGE);
    return 1;
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write(
      'DATABASE_URL is not set. Set it to the PostgreSQL database to import into, e.g.\n' +
        `  DATABASE_URL=postgres://user:password@localhost:5432/prr npm run db:import -- ${args.file}\n`,
    );
    return 1;
  }
  if (!(await isFile(args.file))) {
    process.stderr.write(`The data file ${args.file} does not exist (or is not a file).\n${USAGE}`);
    return 1;
  }

  const pool = createPool(url, { max: 1, logger: silentLogger });
  const started = performance.now();
  let lastReport = started;
  try {
    await migrate(pool);
    const counts = await importLowdbFile({
      file: args.file,
      pool,
      force: args.force,
      onProgress: (so) => {
        const now = performance.now();
        if (now - lastReport < PROGRESS_INTERVAL_MS) return;
        lastReport = now;
        process.stderr.write(`… ${number(total(so))} rows copied (${duration(now - started)})\n`);
      },
      onNotice: (message) => process.stderr.write(`Note: ${message}\n`),
    });
    const width = Math.max(...COLLECTIONS.map((name) => name.length));
    const lines = COLLECTIONS.map((name) => `  ${name.padEnd(width)}  ${number(counts[name]).padStart(11)}\n`);
    process.stdout.write(
      `Imported ${args.file} in ${duration(performance.now() - started)}:\n${lines.join('')}` +
        `  ${'total'.padEnd(width)}  ${number(total(counts)).padStart(11)}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ImportError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`The import failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await pool.end();
  }
}

process.exitCode = await main();
