/**
 * Backing up and restoring the lowdb store: its data file, and the secret kept beside it.
 *
 * A consistent copy while the server runs: the server replaces the data file by writing a temp file
 * and renaming it over the old one (store/lowdb/dataFile.ts), so one open and read sees one whole
 * flushed version, never half of one.
 *
 * The secret goes into the backup. Without SESSION_SECRET, the server keeps its secret in a file
 * beside the data file (secrets.ts): it seals the links in e-mails already sent, the admin's TOTP
 * secret, and keys the sign-in codes' and recovery codes' hashes. A site restored without it
 * would break every link already e-mailed and lock the admin out of the second factor. PostgreSQL
 * keeps its secret in a table, so its dump holds it too: both backups are the whole site. With
 * SESSION_SECRET set the secret lives in the operator's configuration, which is kept with the
 * backup, and the file beside the data file is not read.
 *
 * The backup's format is lowdbFile.ts's; a restore removes the field the backup added, so the
 * restored data file is the one that was read.
 */
import { systemClock } from '../../clock.js';
import { publishNew, refuseExisting, removeQuietly, replaceAtomically, tempBeside, writePrivate } from './files.js';
import { refuseSite } from './lowdbEmpty.js';
import {
  BACKUP_FIELD,
  parseLowdbText,
  readSecretBeside,
  readWhole,
  secretFileOf,
  type BackupNote,
} from './lowdbFile.js';

/** included: from the file beside the data file; environment: SESSION_SECRET is set; none: no file. */
export type BackedUpSecret = 'included' | 'environment' | 'none';

export interface LowdbBackup {
  dataFile: string;
  file: string;
  bytes: number;
  members: number;
  secret: BackedUpSecret;
}

export interface LowdbBackupOptions {
  /** DATA_FILE. */
  dataFile: string;
  /** The backup to write; never an existing file. */
  file: string;
  /** SESSION_SECRET is set: the server does not use the file beside the data file. */
  sessionSecretSet: boolean;
}

export async function backupLowdb(options: LowdbBackupOptions): Promise<LowdbBackup> {
  const { dataFile, file } = options;
  await refuseExisting(file);
  const text = await readWhole(
    dataFile,
    `There is no data file ${dataFile} (DATA_FILE) to back up: set DATA_FILE as the server has it.`,
  );
  const { raw, data } = parseLowdbText(text, dataFile, 'data file');
  const secret = options.sessionSecretSet ? undefined : await readSecretBeside(dataFile);
  const note: BackupNote = { takenAt: systemClock.now().toISOString(), ...(secret ? { sessionSecret: secret } : {}) };
  // The note first, where `head` shows it; the data's fields after it as they were read.
  const copy = JSON.stringify({ [BACKUP_FIELD]: note, ...raw });
  const temp = tempBeside(file);
  try {
    await writePrivate(temp, copy);
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
  await publishNew(temp, file);
  return {
    dataFile,
    file,
    bytes: Buffer.byteLength(copy),
    members: data.members.length,
    secret: options.sessionSecretSet ? 'environment' : secret ? 'included' : 'none',
  };
}

export interface LowdbRestore {
  file: string;
  dataFile: string;
  bytes: number;
  members: number;
  /** restored: the backup's secret is beside the data file again; none: the backup had none. */
  secret: 'restored' | 'none';
  /** SESSION_SECRET is set and is not the backup's secret: the server will use SESSION_SECRET. */
  secretOverridden: boolean;
}

export interface LowdbRestoreOptions {
  /** The backup. */
  file: string;
  /** DATA_FILE: absent, or a store with nothing beyond a first start. */
  dataFile: string;
  /** SESSION_SECRET, when set. */
  sessionSecret: string | undefined;
}

export async function restoreLowdb(options: LowdbRestoreOptions): Promise<LowdbRestore> {
  const { file, dataFile } = options;
  const { raw, data, note } = parseLowdbText(
    await readWhole(file, `There is no file ${file} to restore from.`),
    file,
    'lowdb backup',
  );
  await refuseSite(dataFile);
  // The secret first: if the data file's write fails, the store is still empty and no link depends on the secret.
  if (note?.sessionSecret) await replaceAtomically(secretFileOf(dataFile), `${note.sessionSecret}\n`);
  const restored = JSON.stringify(raw);
  await replaceAtomically(dataFile, restored);
  return {
    file,
    dataFile,
    bytes: Buffer.byteLength(restored),
    members: data.members.length,
    secret: note?.sessionSecret ? 'restored' : 'none',
    secretOverridden:
      note?.sessionSecret !== undefined &&
      options.sessionSecret !== undefined &&
      options.sessionSecret !== note.sessionSecret,
  };
}
