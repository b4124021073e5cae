/**
 * The retention purge in PostgreSQL (docs/product/rules.md#retention): plain parameterised
 * DELETEs, each outside any transaction and at most DELETE_BATCH rows at a time, so one run never
 * holds many row locks or a long transaction against the requests. The indexes the conditions
 * read are in migrations/012_retention.sql (the small tables are scanned).
 *
 * Several servers on one database (WEB_CONCURRENCY, or several hosts) each run the daily job: a
 * session-level advisory lock lets one purge run at a time, and a purge that finds it taken
 * answers undefined at once instead of repeating the same DELETEs beside the other.
 */
import type { PoolClient } from 'pg';
import type { PurgeCounts, PurgeCutoffs } from '../types.js';
import { runOn } from './pool.js';
import { clearExpiredRateLimits } from './rateLimiter.js';
import type { Run } from './records.js';

/** Any fixed bigint works; this one spells "PRRretn1" in ASCII (migrate.ts's spells "PRRmigr8"). */
export const RETENTION_LOCK_ID = '5787779122406387249';

/** Rows per DELETE. */
export const DELETE_BATCH = 10_000;

/**
 * One table's rows past retention: `where` over $1.. (`values`), `key` the table's unique key.
 * The condition is checked again on the rows the batch picked, so a row changed since (a session
 * just used, a record claimed again) stays. Table, key and condition come from this file only.
 */
async function deleteInBatches(
  run: Run,
  table: string,
  key: string,
  where: string,
  values: unknown[],
): Promise<number> {
  const limit = `$${values.length + 1}`;
  let total = 0;
  for (;;) {
    const { rowCount } = await run(
      `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${where} LIMIT ${limit}) AND ${where}`,
      [...values, DELETE_BATCH],
    );
    const deleted = rowCount ?? 0;
    total += deleted;
    if (deleted < DELETE_BATCH) return total;
  }
}

/** Runs the purge on `client` (a connection of its own: the lock is the session's); undefined when another holds the lock. */
export async function purgeExpiredRows(client: PoolClient, cutoffs: PurgeCutoffs): Promise<PurgeCounts | undefined> {
  const run: Run = runOn(client);
  const { rows } = await run<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [RETENTION_LOCK_ID]);
  if (rows[0]?.locked !== true) return undefined;
  try {
    const { now } = cutoffs;
    return {
      adminSessions: await deleteInBatches(run, 'admin_sessions', 'id_hash', 'created_at <= $1', [
        cutoffs.adminSessionsCreatedBy,
      ]),
      memberSessions: await deleteInBatches(run, 'member_sessions', 'id_hash', 'created_at <= $1', [
        cutoffs.memberSessionsCreatedBy,
      ]),
      signIns: await deleteInBatches(run, 'sign_ins', 'member_id', 'expires_at <= $1', [now]),
      usedKeys: await deleteInBatches(run, 'member_keys_used', 'key_id', 'expires_at <= $1', [now]),
      keyRevocations: await deleteInBatches(run, 'member_key_revocations', 'member_id', 'revoked_at <= $1', [
        cutoffs.keyRevocationsBy,
      ]),
      // The store's five-minute sweep's statement and rule (rateLimiter.ts), run once more here.
      rateLimits: await clearExpiredRateLimits(run, now.getTime()),
      adminChallenges: await deleteInBatches(run, 'admin_challenges', 'key', 'expires_at <= $1', [now]),
      // Only the daily reflection's records: the welcome and level-up records are once-only claims
      // kept while the member exists (docs/product/rules.md#retention).
      emailLog: await deleteInBatches(run, 'email_deliveries', 'key', "kind = 'reflection' AND last_attempt_at < $1", [
        cutoffs.emailLogBefore,
      ]),
      adminActivity: await deleteInBatches(run, 'admin_activity', 'id', 'at < $1', [cutoffs.adminActivityBefore]),
    };
  } finally {
    // A failed unlock (connection gone) is harmless: the server releases it with the session.
    await run('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_ID]).catch(() => undefined);
  }
}
