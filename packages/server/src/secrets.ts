/** SESSION_SECRET when unset: generated once and kept beside the data file, readable by us only. */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from './config.js';

export const SECRET_FILE_NAME = 'session-secret';

export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, SECRET_FILE_NAME);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
    throw new ConfigError(`${file} holds a secret shorter than 32 characters; delete it to generate a new one`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Created by a concurrent start: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  }
}
