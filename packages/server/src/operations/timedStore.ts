/**
 * The store with every call timed into prom_store_operation_duration_seconds (operations/metrics.ts):
 * the same object to its callers, each method's promise observed under the method's name
 * (`memberById`, `sessions.touch`, `write` for a whole transaction). One wrapper for both stores,
 * so lowdb and PostgreSQL report alike and neither store knows about metrics.
 *
 * Methods are called on the real object (private fields stay reachable); what is not a promise
 * (an async iterable of candidates, a rate limiter, `kind`) passes through untimed.
 */
import type { AppStore } from '../store/types.js';
import type { Metrics } from './metrics.js';

/** The store's parts whose calls are timed under `<part>.<method>`. */
const PARTS = new Set([
  'sessions',
  'memberSessions',
  'signIns',
  'memberKeys',
  'adminFactors',
  'emailLog',
  'adminActivity',
  'insights',
]);

type Histogram = Metrics['storeDuration'];

function timed<T extends object>(target: T, prefix: string, store: string, histogram: Histogram): T {
  const cache = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof property !== 'string') return value;
      const known = cache.get(property);
      if (known !== undefined) return known;
      let wrapped: unknown = value;
      if (prefix === '' && PARTS.has(property) && typeof value === 'object' && value !== null) {
        wrapped = timed(value, `${property}.`, store, histogram);
      } else if (typeof value === 'function') {
        const operation = `${prefix}${property}`;
        wrapped = (...args: unknown[]): unknown => {
          const started = process.hrtime.bigint();
          const result: unknown = Reflect.apply(value, object, args);
          if (!(result instanceof Promise)) return result;
          const observe = (outcome: 'ok' | 'error') =>
            histogram.observe({ store, operation, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
          return result.then(
            (answer: unknown) => {
              observe('ok');
              return answer;
            },
            (error: unknown) => {
              observe('error');
              throw error;
            },
          );
        };
      } else {
        return value;
      }
      cache.set(property, wrapped);
      return wrapped;
    },
  });
}

export function timedStore(store: AppStore, metrics: Pick<Metrics, 'storeDuration' | 'watchPool'>): AppStore {
  if (store.poolStats) {
    const stats = store.poolStats.bind(store);
    metrics.watchPool(stats);
  }
  return timed(store, '', store.kind, metrics.storeDuration);
}
