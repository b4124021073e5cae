/**
 * InsightSource over memory (the mocks, and the lowdb store's data): the domain computes the sums
 * (totals.ts) member by member, and the cache is a map in the process, which is the only one
 * serving that data.
 */
import type { MemoryData, MemoryIndexes } from '../memoryIndexes.js';
import type { InsightSource } from '../ports.js';
import type { CachedInsightTotals } from './insights.js';
import { memoryInsightTotals, type MemberRecords, type Yield } from './totals.js';

/** Yields to the event loop (setImmediate in Node; a zero timeout in a browser). */
const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
export const yieldToEventLoop: Yield = () =>
  new Promise((resolve) => {
    if (immediate) immediate(() => resolve());
    else setTimeout(resolve, 0);
  });

function* memberRecords(idx: MemoryIndexes<MemoryData>): Generator<MemberRecords> {
  // A copy of the list: members who join while the sums are read are counted next time.
  for (const member of [...idx.data.members]) {
    yield { member, reflections: idx.reflectionsOf(member.id), rippleEffects: idx.rippleEffectsOf(member.id) };
  }
}

export type InsightCache = Map<string, CachedInsightTotals>;

/** @param cacheOf The cache's map: the process's own, or one a reset replaces (the mocks'). */
export function memoryInsightSource(
  idx: MemoryIndexes<MemoryData>,
  cacheOf: () => InsightCache = singleCache(),
  pause: Yield = yieldToEventLoop,
): InsightSource {
  return {
    totals: (filter, now) => memoryInsightTotals(memberRecords(idx), filter, now, pause),
    cached: async (key) => cacheOf().get(key),
    cache: async (key, entry) => void cacheOf().set(key, entry),
    clearCache: async () => cacheOf().clear(),
  };
}

function singleCache(): () => InsightCache {
  const cache: InsightCache = new Map();
  return () => cache;
}
