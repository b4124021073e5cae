/**
 * The retention purge over the lowdb data file (docs/product/rules.md#retention): every list it
 * cleans, changed inside the one transaction the store runs it in, so the whole purge is one
 * write and one flush. A list with nothing past its retention is left untouched (a purge that
 * finds nothing writes nothing).
 */
import type { DbData, StoredEmailDelivery, StoredRateLimit } from '../schema.js';
import type { PurgeCounts, PurgeCutoffs } from '../types.js';

type PurgedList = 'memberSessions' | 'signIns' | 'usedKeys' | 'keyRevocations';

/** What the purge needs of the store's transaction (lowdbStore.ts): changes that undo themselves if it throws. */
export interface RetentionTransaction {
  changeList<K extends PurgedList, T>(key: K, change: (list: DbData[K]) => T): T;
  changeRateLimits<T>(change: (counters: DbData['rateLimits']) => T): T;
  dropAdminActivityBefore(cutoff: number): number;
  dropDeliveries(gone: (record: StoredEmailDelivery) => boolean): number;
}

/** The file's part of the counts; the admin's sessions and challenges live in memory (lowdbStore.ts). */
export type FilePurgeCounts = Omit<PurgeCounts, 'adminSessions' | 'adminChallenges'>;

/** Removes the list's items that `gone` picks, in place and in one pass. */
function dropFrom<K extends PurgedList>(
  tx: RetentionTransaction,
  data: DbData,
  key: K,
  gone: (item: DbData[K][number]) => boolean,
): number {
  if (!data[key].some(gone)) return 0;
  return tx.changeList(key, (list) => {
    let kept = 0;
    for (const item of list) if (!gone(item)) list[kept++] = item;
    const dropped = list.length - kept;
    list.length = kept;
    return dropped;
  });
}

/** A counter whose window has ended counts nothing: fileRateLimiter.ts starts it again from zero. */
const windowEnded = (counter: StoredRateLimit, now: number): boolean =>
  counter.expire !== null && counter.expire <= now;

export function purgeDataFile(tx: RetentionTransaction, data: DbData, cutoffs: PurgeCutoffs): FilePurgeCounts {
  const now = cutoffs.now.getTime();
  const time = (iso: string): number => Date.parse(iso);
  const memberSessionsBy = cutoffs.memberSessionsCreatedBy.getTime();
  const keyRevocationsBy = cutoffs.keyRevocationsBy.getTime();
  const emailLogBefore = cutoffs.emailLogBefore.getTime();

  const endedCounters = Object.entries(data.rateLimits)
    .filter(([, counter]) => windowEnded(counter, now))
    .map(([key]) => key);
  const rateLimits =
    endedCounters.length === 0
      ? 0
      : tx.changeRateLimits((counters) => {
          for (const key of endedCounters) delete counters[key];
          return endedCounters.length;
        });

  return {
    memberSessions: dropFrom(tx, data, 'memberSessions', (s) => time(s.createdAt) <= memberSessionsBy),
    signIns: dropFrom(tx, data, 'signIns', (s) => time(s.expiresAt) <= now),
    usedKeys: dropFrom(tx, data, 'usedKeys', (k) => time(k.expiresAt) <= now),
    keyRevocations: dropFrom(tx, data, 'keyRevocations', (r) => time(r.revokedAt) <= keyRevocationsBy),
    rateLimits,
    // Only the daily reflection's records: the welcome and level-up records are once-only claims
    // kept while the member exists (docs/product/rules.md#retention).
    emailLog: tx.dropDeliveries((r) => r.kind === 'reflection' && time(r.lastAttemptAt) < emailLogBefore),
    adminActivity: tx.dropAdminActivityBefore(cutoffs.adminActivityBefore.getTime()),
  };
}
