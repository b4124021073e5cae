/**
 * Which store a backup file belongs to, read from its first bytes, never from its name: a
 * PostgreSQL custom-format dump starts with `PGDMP`; a lowdb backup is the data file's JSON object.
 */
import { open } from 'node:fs/promises';
import { BackupError, reason } from './errors.js';

export type StoreKind = 'lowdb' | 'postgres';

/** pg_dump's custom format: the archive's magic bytes. */
export const PG_CUSTOM_MAGIC = 'PGDMP';

const HEAD_BYTES = 64;

async function head(file: string): Promise<string> {
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead).toString('latin1');
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError('missing', `There is no file ${file} to restore from.`);
    if (code === 'EISDIR')
      throw new BackupError(
        'invalid',
        `${file} is a folder, not a backup file (a directory-format pg_dump is not what npm run db:backup writes).`,
      );
    throw new BackupError('io', `Cannot read ${file}: ${reason(error)}`, { cause: error });
  }
}

/** The kind of backup `file` is; a file of neither kind is refused, saying what it looks like. */
export async function backupKindOf(file: string): Promise<StoreKind> {
  const start = await head(file);
  if (start.startsWith(PG_CUSTOM_MAGIC)) return 'postgres';
  const text = start.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{')) return 'lowdb';
  if (text.startsWith('--'))
    throw new BackupError(
      'invalid',
      `${file} looks like a plain SQL dump (pg_dump without --format=custom): restore that one with psql, ` +
        'or take the backup again with npm run db:backup.',
    );
  throw new BackupError(
    'invalid',
    `${file} is not a backup: neither a lowdb data file (JSON) nor a PostgreSQL custom-format dump (which starts with ${PG_CUSTOM_MAGIC}).`,
  );
}

/** A backup of one store offered to the other. */
export function wrongKind(file: string, backup: StoreKind): BackupError {
  return backup === 'lowdb'
    ? new BackupError(
        'wrong-kind',
        `${file} is a lowdb backup, and this store is PostgreSQL (DATABASE_URL is set). ` +
          `To move a lowdb site to PostgreSQL, run npm run db:import -- ${file} instead; ` +
          'to restore it as a lowdb site, unset DATABASE_URL.',
      )
    : new BackupError(
        'wrong-kind',
        `${file} is a PostgreSQL dump, and this store is the lowdb data file (DATABASE_URL is not set). ` +
          'Set DATABASE_URL to an empty PostgreSQL database to restore it there; a PostgreSQL site does not go back to a lowdb file.',
      );
}
