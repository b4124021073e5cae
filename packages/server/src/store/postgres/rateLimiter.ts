/**
 * Rate limits whose counters live in the rate_limits table, so every server process counts
 * together (rate-limiter-flexible's RateLimiterPostgres).
 *
 * - The table comes from packages/server/migrations/001_initial.sql (tableCreated: true).
 * - The library's own clean-up timer is off (clearExpiredByTimeout: false): it would re-arm
 *   forever, even after the store closed. The store removes expired rows itself (postgresStore.ts).
 * - Its SQL runs through the store's executor, so an unreachable database (or a closed store)
 *   rejects with AppError('unavailable') like every other store call.
 */
import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { RateLimitSpec } from '../types.js';
import type { Run } from './records.js';

/** rate_limits.key is varchar(255); a login key holds a client-chosen e-mail and could exceed it. */
const MAX_KEY_LENGTH = 255;

class PgRateLimiter extends RateLimiterPostgres {
  override getKey(key: string | number): string {
    const full = super.getKey(key);
    if (full.length <= MAX_KEY_LENGTH) return full;
    return `${this.keyPrefix}:sha256:${createHash('sha256').update(full).digest('hex')}`;
  }
}

export function createRateLimiter(run: Run, spec: RateLimitSpec): RateLimiterPostgres {
  // The library calls storeClient.query({ name, text, values }) and nothing else ('pool' type).
  const storeClient = {
    query: (config: QueryConfig) => run(config.text, config.values as unknown[] | undefined),
  };
  return new PgRateLimiter({
    storeClient,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: spec.keyPrefix,
    points: spec.points,
    duration: spec.duration,
  });
}

/** Rows expired over an hour ago (the library's own rule); `expire` is epoch ms. */
export async function clearExpiredRateLimits(run: Run, now: number): Promise<number> {
  const { rowCount } = await run('DELETE FROM rate_limits WHERE expire < $1', [now - 60 * 60 * 1000]);
  return rowCount ?? 0;
}
