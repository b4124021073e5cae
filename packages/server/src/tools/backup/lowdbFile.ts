/**
 * The lowdb backup's format: the data file's JSON object with one more top-level field, `backup`
 * (when it was taken, and the secret kept beside the data file), so it is still a data file, which
 * `npm run db:import` reads too. Whatever is read, a data file or a backup, is parsed with the
 * store's own schema (store/schema.ts) before anything is written: a torn or foreign file is
 * refused, never copied.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { SECRET_FILE_NAME } from '../../secrets.js';
import { DbData } from '../../store/schema.js';
import { BackupError, reason } from './errors.js';

/** The field a backup adds to the data file's object. */
export const BACKUP_FIELD = 'backup';

export const BackupNote = z.object({
  takenAt: z.iso.datetime({ offset: true }),
  /** The secret the server kept beside the data file; absent when SESSION_SECRET was set, or there was none. */
  sessionSecret: z.string().min(32).optional(),
});
export type BackupNote = z.infer<typeof BackupNote>;

/**
 * DbData fills in every list a file lacks, so it would take any JSON object for an empty site.
 * Every file the server or the seed (db.json) writes has these.
 */
const Signature = z.looseObject({
  version: z.number(),
  members: z.array(z.unknown()),
  states: z.array(z.unknown()),
});

export interface ReadData {
  /** The object as read, without BACKUP_FIELD: written back as it is, so nothing is re-shaped. */
  raw: Record<string, unknown>;
  data: DbData;
  note: BackupNote | undefined;
}

/** One line: where and what, never the value (it may be personal). */
function firstIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  const path = issue?.path.map(String).join('.') ?? '';
  const more = error.issues.length - 1;
  return `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}${more > 0 ? ` (and ${more} more)` : ''}`;
}

export function parseLowdbText(text: string, file: string, what: string): ReadData {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BackupError('invalid', `${file} is not a complete ${what}: it is not valid JSON (${reason(error)}).`);
  }
  if (!Signature.safeParse(json).success)
    throw new BackupError(
      'invalid',
      `${file} is not a lowdb ${what}: it lacks the version, members and states every data file has.`,
    );
  const { [BACKUP_FIELD]: noteValue, ...raw } = json as Record<string, unknown>;
  const parsed = DbData.safeParse(raw);
  if (!parsed.success) throw new BackupError('invalid', `${file} is not a valid ${what}: ${firstIssue(parsed.error)}.`);
  let note: BackupNote | undefined;
  if (noteValue !== undefined) {
    const parsedNote = BackupNote.safeParse(noteValue);
    if (!parsedNote.success)
      throw new BackupError(
        'invalid',
        `${file} has a damaged "${BACKUP_FIELD}" field: ${firstIssue(parsedNote.error)}.`,
      );
    note = parsedNote.data;
  }
  return { raw, data: parsed.data, note };
}

/** One open and one read: a whole version of a file the server replaces by rename. */
export async function readWhole(file: string, missing: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError('missing', missing);
    throw new BackupError('io', `Cannot read ${file}: ${reason(error)}`, { cause: error });
  }
}

export const secretFileOf = (dataFile: string): string => join(dirname(dataFile), SECRET_FILE_NAME);

export async function readSecretBeside(dataFile: string): Promise<string | undefined> {
  const file = secretFileOf(dataFile);
  let secret: string;
  try {
    secret = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new BackupError('io', `Cannot read the session secret ${file}: ${reason(error)}`, { cause: error });
  }
  if (secret.length < 32)
    throw new BackupError(
      'invalid',
      `${file} holds a secret shorter than 32 characters, which the server refuses too.`,
    );
  return secret;
}
