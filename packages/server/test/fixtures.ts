/** In-memory data for domain unit tests: the seed's shape without touching any file. */
import { readFileSync } from 'node:fs';
import { SEED_FILE } from '../src/paths.js';
import { memoryLowdbStore, type LowdbStore } from '../src/store/lowdb/lowdbStore.js';
import { DbData } from '../src/store/schema.js';

export function seedData(): DbData {
  return DbData.parse(JSON.parse(readFileSync(SEED_FILE, 'utf8')));
}

/** The store interface over the seed in memory: the domain rules run as they do in the server. */
export function memoryStore(data: DbData = seedData()): LowdbStore {
  return memoryLowdbStore(data);
}
