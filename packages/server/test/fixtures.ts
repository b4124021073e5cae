/** In-memory data for domain unit tests: the seed's shape without touching any file. */
import { readFileSync } from 'node:fs';
import { SEED_FILE } from '../src/paths.js';
import { Repo, memorySource } from '../src/store/repo.js';
import { DbData } from '../src/store/schema.js';

export function seedData(): DbData {
  return DbData.parse(JSON.parse(readFileSync(SEED_FILE, 'utf8')));
}

export function memoryRepo(data: DbData = seedData()): Repo {
  return new Repo(memorySource(data));
}
