/**
 * When a lowdb store counts as empty, so that `npm run db:restore` may fill it: its data file is
 * missing, or holds nothing beyond what a first start writes.
 */
import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { SEED_FILE } from '../../paths.js';
import { DbData } from '../../store/schema.js';
import { BackupError, reason } from './errors.js';
import { parseLowdbText } from './lowdbFile.js';

/**
 * What a first start writes is still an empty store: the seed's content, the admin account, the
 * rate-limit counters and a new secret. Anything a member or the admin made is a site.
 */
const MADE_BY_USE = [
  'members',
  'reflections',
  'achievements',
  'rippleEffects',
  'stories',
  'emailLog',
  'memberSessions',
  'signIns',
  'usedKeys',
  'keyRevocations',
  'adminActivity',
  'adminFactors',
] as const satisfies readonly (keyof DbData)[];
const SEED_CONTENT = ['products', 'testimonials', 'states'] as const satisfies readonly (keyof DbData)[];

async function readSeed(): Promise<DbData> {
  try {
    return DbData.parse(JSON.parse(await readFile(SEED_FILE, 'utf8')));
  } catch (error) {
    throw new BackupError('io', `Cannot read the seed ${SEED_FILE}: ${reason(error)}`, { cause: error });
  }
}

/** What `data` holds beyond a first start, in words ("members (3)", "states changed from the seed"). */
function siteContent(data: DbData, seed: DbData): string[] {
  const found: string[] = MADE_BY_USE.filter((name) => data[name].length > 0).map(
    (name) => `${name} (${data[name].length})`,
  );
  if (data.statesBackup !== undefined) found.push('statesBackup');
  if (data.impactSnapshot !== undefined) found.push('impactSnapshot');
  for (const name of SEED_CONTENT)
    if (!isDeepStrictEqual(data[name], seed[name])) found.push(`${name} changed from the seed`);
  return found;
}

export async function refuseSite(dataFile: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(dataFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new BackupError('io', `Cannot read ${dataFile} (DATA_FILE): ${reason(error)}`, { cause: error });
  }
  let current: DbData;
  try {
    current = parseLowdbText(text, dataFile, 'data file').data;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    throw new BackupError(
      'not-empty',
      `${dataFile} (DATA_FILE) exists and is not a data file that can be checked for emptiness: ${error.message} ` +
        'Move it away, then restore again.',
    );
  }
  const found = siteContent(current, await readSeed());
  if (found.length > 0)
    throw new BackupError(
      'not-empty',
      `${dataFile} (DATA_FILE) already holds a site (${found.join(', ')}): npm run db:restore only fills an empty store. ` +
        'Stop the server, move that file away or point DATA_FILE at a new path, then restore again.',
    );
}
