/**
 * The domain's ports over plain arrays that others also change: what the mocks keep their state in
 * (stories and tests set members, stories and the map directly, and a reset swaps the arrays), and
 * what this package's tests run the use cases on. The same store as the server's lowdb one
 * (memoryWrites.ts); only the indexes are rebuilt on every call, since the arrays may have
 * changed behind them, which at the mocks' few hundred members costs nothing worth keeping.
 * No transactions: the rules check before they write, and nothing here can fail half-way.
 */
import type { MemoryData } from './memoryIndexes.js';
import { MemoryIndexes } from './memoryIndexes.js';
import { MemoryWrites } from './memoryWrites.js';
import { memoryInsightSource, type InsightCache } from './insights/memoryInsights.js';
import type { DomainWrites, InsightSource } from './ports.js';

export type { MemoryData } from './memoryIndexes.js';

export function memoryStore(data: MemoryData): DomainWrites {
  const source = { data, generation: 0 };
  const store = new MemoryWrites(new MemoryIndexes(source), { undo: false });
  // Each call from outside reads the arrays afresh; calls inside a method (on the target) do not.
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        source.generation += 1;
        return Reflect.apply(value, target, args);
      };
    },
  });
}

/** Insights' sums over the same arrays; the indexes are rebuilt once per computation, as above per call. */
export function memoryStoreInsights(data: MemoryData, cacheOf?: () => InsightCache): InsightSource {
  const source = { data, generation: 0 };
  const inner = memoryInsightSource(new MemoryIndexes(source), cacheOf);
  return {
    ...inner,
    totals: (filter, now) => {
      source.generation += 1;
      return inner.totals(filter, now);
    },
  };
}
