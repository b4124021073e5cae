/**
 * How the backup tools write files: owner-only (0600: the files hold every member's data), complete
 * before anyone can see them (a temp file beside the target, synced, then linked or renamed into
 * place), and a backup never over an existing file (link(2) fails when the name is taken, so two
 * backups racing for one name cannot both win).
 */
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { link, lstat, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BackupError, reason } from './errors.js';

const FILE_MODE = 0o600;
/** As the data file's folder (store/lowdb/dataFile.ts). */
const DIR_MODE = 0o700;

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/** Hidden, unique to this call, and in the target's folder: link and rename only work within one file system. */
export function tempBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

const alreadyThere = (file: string): BackupError =>
  new BackupError(
    'exists',
    `${file} already exists: a backup never overwrites a file. Choose a new name, or move that file away first.`,
  );

const cannotWrite = (file: string, error: unknown): BackupError =>
  new BackupError(
    'io',
    errno(error) === 'ENOENT'
      ? `Cannot write ${file}: the folder ${dirname(file)} does not exist.`
      : `Cannot write ${file}: ${reason(error)}`,
    { cause: error },
  );

/**
 * Refuses early (before a long dump) when the backup's name is taken or its folder is missing;
 * publishNew checks the name again.
 */
export async function refuseExisting(file: string): Promise<void> {
  try {
    await lstat(file);
  } catch (error) {
    if (errno(error) !== 'ENOENT')
      throw new BackupError('io', `Cannot check ${file}: ${reason(error)}`, { cause: error });
    let folder: Stats;
    try {
      folder = await stat(dirname(file));
    } catch (missing) {
      throw cannotWrite(file, missing);
    }
    if (!folder.isDirectory()) throw new BackupError('io', `Cannot write ${file}: ${dirname(file)} is not a folder.`);
    return;
  }
  throw alreadyThere(file);
}

/**
 * Creates `temp` owner-only and writes `bytes` into it, synced. Without bytes it is left empty for
 * pg_dump, which opens an existing file without changing its mode.
 */
export async function writePrivate(temp: string, bytes?: string): Promise<void> {
  let handle;
  try {
    handle = await open(temp, 'wx', FILE_MODE);
  } catch (error) {
    throw cannotWrite(temp, error);
  }
  try {
    if (bytes !== undefined) await handle.writeFile(bytes, 'utf8');
    await handle.sync();
  } catch (error) {
    throw cannotWrite(temp, error);
  } finally {
    await handle.close();
  }
}

/** Syncs a file someone else wrote (pg_dump) and makes sure it is the owner's alone. */
export async function sealPrivate(file: string): Promise<void> {
  try {
    const handle = await open(file, 'r+');
    try {
      await handle.chmod(FILE_MODE);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw cannotWrite(file, error);
  }
}

/** The new name's entry survives a power cut too; not every file system lets a folder be synced. */
async function syncFolder(file: string): Promise<void> {
  try {
    const handle = await open(dirname(file), 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the file itself is synced.
  }
}

export async function removeQuietly(file: string): Promise<void> {
  await unlink(file).catch(() => undefined);
}

/** Gives the finished `temp` the name `file`, unless something has that name already; `temp` goes either way. */
export async function publishNew(temp: string, file: string): Promise<void> {
  try {
    await link(temp, file);
  } catch (error) {
    if (errno(error) === 'EEXIST') throw alreadyThere(file);
    throw cannotWrite(file, error);
  } finally {
    await removeQuietly(temp);
  }
  await syncFolder(file);
}

/** Writes `file` whole or not at all (temp + rename), creating its folder owner-only if needed. */
export async function replaceAtomically(file: string, bytes: string): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true, mode: DIR_MODE });
  } catch (error) {
    throw cannotWrite(file, error);
  }
  const temp = tempBeside(file);
  try {
    await writePrivate(temp, bytes);
    await rename(temp, file);
  } catch (error) {
    await removeQuietly(temp);
    throw error instanceof BackupError ? error : cannotWrite(file, error);
  }
  await syncFolder(file);
}
