/**
 * Chooses the store: PostgreSQL when DATABASE_URL is set, otherwise the embedded lowdb file
 * (docs/decisions/ "Two stores behind one interface"). The PostgreSQL driver is loaded only when used.
 */
import { silentLogger, type Logger } from '../log.js';
import { warnIfNearCapacity } from './lowdb/capacity.js';
import { openLowdbStore } from './lowdb/lowdbStore.js';
import type { AppStore } from './types.js';

export interface OpenAppStoreOptions {
  databaseUrl: string | undefined;
  databasePoolMax?: number;
  /** The lowdb data file, when there is no DATABASE_URL. */
  dataFile: string;
  /** db.json: the content a new lowdb file or an empty database starts with. */
  seedFile: string;
  logger?: Logger;
}

export async function openAppStore(options: OpenAppStoreOptions): Promise<AppStore> {
  const logger = options.logger ?? silentLogger;
  if (options.databaseUrl) {
    const { openPostgresStore } = await import('./postgres/postgresStore.js');
    return openPostgresStore({
      url: options.databaseUrl,
      seedFile: options.seedFile,
      logger,
      ...(options.databasePoolMax ? { poolMax: options.databasePoolMax } : {}),
    });
  }
  const store = await openLowdbStore({ file: options.dataFile, seedFile: options.seedFile, logger });
  await warnIfNearCapacity(options.dataFile, logger);
  return store;
}
