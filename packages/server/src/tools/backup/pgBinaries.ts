/**
 * PostgreSQL's own programs for the backups, pg_dump and pg_restore: found on PATH, else in
 * Debian's /usr/lib/postgresql/<version>/bin of the newest version installed (the layout
 * scripts/postgres.mjs reads for the tests' server, which looks for initdb: a machine that backs
 * up a database elsewhere may have the client programs only). Either must be of the server's major
 * version or newer: pg_dump refuses a newer server, and says so.
 *
 * The password never reaches a command line, where `ps` shows it to every user of the machine, nor
 * a message: it goes to the child's environment as PGPASSWORD, and the URL on the command line
 * has none.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { BackupError, reason } from './errors.js';

export type PgProgram = 'pg_dump' | 'pg_restore';

const DEBIAN_ROOT = '/usr/lib/postgresql';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Debian's version folders, newest first ("16", "15", "9.6"). */
function debianVersions(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a));
}

/** The program's path: PATH first, then Debian's newest; or a `program` error naming the package to install. */
export function findPgProgram(
  program: PgProgram,
  path: string = process.env.PATH ?? '',
  debianRoot: string = DEBIAN_ROOT,
): string {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const file = join(dir, program);
    if (isExecutable(file)) return file;
  }
  for (const version of debianVersions(debianRoot)) {
    const file = join(debianRoot, version, 'bin', program);
    if (isExecutable(file)) return file;
  }
  throw new BackupError(
    'program',
    `${program} was found neither on PATH nor in ${debianRoot}/<version>/bin. Install PostgreSQL's client programs, ` +
      "of the server's major version or newer (Debian/Ubuntu: sudo apt-get install postgresql-client).",
  );
}

export interface ChildConnection {
  /** For --dbname: DATABASE_URL without its password. */
  dbname: string;
  /** Added to the child's environment only: PGPASSWORD when the URL has a password. */
  env: Record<string, string>;
  /** What must never be shown: the password, as written and decoded. */
  hidden: string[];
}

/** How a child program connects to DATABASE_URL without the password on its command line. */
export function childConnection(databaseUrl: string): ChildConnection {
  const url = new URL(databaseUrl);
  const written = url.password || url.searchParams.get('password') || '';
  const password = url.password ? decodeURIComponent(url.password) : written;
  url.password = '';
  url.searchParams.delete('password');
  return {
    dbname: url.toString(),
    env: password ? { PGPASSWORD: password } : {},
    hidden: [...new Set([written, password].filter(Boolean))],
  };
}

/** "database prr on db.example.org:5432", for messages: no user, no password. */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1)) || '(the default)';
  const host = url.hostname || url.searchParams.get('host') || 'the local socket';
  return `database ${name} on ${host}${url.port ? `:${url.port}` : ''}`;
}

const MAX_OUTPUT = 256 * 1024;

/** A program's complaint in one line: its last lines, the password blanked wherever it may appear. */
function oneLine(stderr: string, hidden: readonly string[]): string {
  let text = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' / ');
  for (const word of hidden) text = text.replaceAll(word, '***');
  return text.length > 600 ? `…${text.slice(-600)}` : text || 'no message';
}

/** Runs `file` to its end; resolves with its output, or rejects with a `failed` error in its own words. */
export function runPgProgram(
  file: string,
  program: PgProgram,
  args: readonly string[],
  connection: Pick<ChildConnection, 'env' | 'hidden'> = { env: {}, hidden: [] },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: { ...process.env, ...connection.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-MAX_OUTPUT);
    });
    child.once('error', (error) =>
      reject(new BackupError('program', `Cannot run ${file}: ${reason(error)}`, { cause: error })),
    );
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new BackupError('failed', `${program} failed (${code ?? signal}): ${oneLine(stderr, connection.hidden)}`),
        );
    });
  });
}
