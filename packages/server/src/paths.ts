/** Where things live in the monorepo, resolved from this file so the cwd does not matter. */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const REPO_ROOT = resolve(here, '../../..');
/** The committed seed database. It is copied, never written. */
export const SEED_FILE = resolve(REPO_ROOT, 'db.json');
export const DEFAULT_DATA_FILE = resolve(REPO_ROOT, 'data/db.json');
export const DEFAULT_OUTBOX_DIR = resolve(REPO_ROOT, 'data/outbox');
export const DEFAULT_STATIC_DIR = resolve(REPO_ROOT, 'packages/app/dist');
