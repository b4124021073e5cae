/**
 * How much the embedded lowdb store holds before it gets slow: every write serialises the whole
 * file on the event loop, and past LOWDB_CAPACITY a flush takes more than 250 ms, during which no
 * request is answered. Measured by `npm run bench -- --only postgres` (bench/server/capacity.ts;
 * bench/RESULTS.md, "PostgreSQL run"), 2026-11-24 on a shared 2-core machine.
 */
import { stat } from 'node:fs/promises';
import type { Logger } from '../../log.js';

export const LOWDB_CAPACITY = {
  /** Members × days of reflections at which one flush passes 250 ms (measured: 15,000-21,400). */
  memberDays: 20_000,
  /** The data file's size at that point (measured: 26.5 MB on the quietest run). */
  bytes: 25_000_000,
} as const;

/** At start-up: warns once the data file is past half the capacity, naming the way out. */
export async function warnIfNearCapacity(file: string, logger: Logger): Promise<void> {
  const { size } = await stat(file);
  if (size <= LOWDB_CAPACITY.bytes / 2) return;
  logger.warn('the lowdb data file is past half of what the embedded store holds; plan the move to PostgreSQL', {
    file,
    sizeMb: Math.round(size / 1e6),
    capacityMb: Math.round(LOWDB_CAPACITY.bytes / 1e6),
    howTo: 'npm run db:import -- <data file> with DATABASE_URL set (README, "Moving to PostgreSQL")',
  });
}
