/**
 * How much the embedded lowdb store holds before it gets slow: every write serialises the whole
 * file on the event loop, and past LOWDB_CAPACITY a flush takes more than 250 ms, during which no
 * request is answered. Measured by `npm run bench` (bench/server/capacity.ts; README "Benchmarks").
 */
import { stat } from 'node:fs/promises';
import type { Logger } from '../../log.js';

export const LOWDB_CAPACITY = {
  /** Members × days of reflections at which one flush passes 250 ms. */
  memberDays: 150_000,
  /** The data file's size at that point. */
  bytes: 90_000_000,
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
