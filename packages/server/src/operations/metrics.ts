/**
 * The server's metrics in Prometheus' text format (prom-client; docs/deploy.md#watching-it). One
 * Metrics per app, on a registry of its own, so tests can build many apps in one process. In a
 * cluster's worker the registry is one that prom-client's AggregatorRegistry in the primary asks
 * for its figures, so one scrape sees every worker (cluster/metrics.ts).
 *
 * Labels are bounded by design: a request is counted under its route's pattern
 * (`/api/admin/participants/:id`), never its raw path; a store call under its method's name.
 */
import cluster from 'node:cluster';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type PrometheusContentType,
} from 'prom-client';
import type { PoolStats } from '../store/types.js';

/** Request latency buckets (seconds): the 20 ms reads and 1 s Insights of bench/RESULTS.md both fall inside. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Store call buckets (seconds): most are a millisecond or two. */
const STORE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export type EmailKindLabel = 'welcome' | 'reflection' | 'level-up' | 'signin';

export interface Metrics {
  /** The app's own instruments. */
  readonly registry: Registry;
  /** This process's figures and the app's, in Prometheus' text format. */
  text(): Promise<string>;
  readonly contentType: string;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly storeDuration: Histogram<'store' | 'operation' | 'outcome'>;
  readonly emailsSent: Counter<'kind'>;
  readonly emailsFailed: Counter<'kind' | 'reason'>;
  /** Messages the last check found due: what the scheduler has still to send. */
  readonly emailsDue: Gauge;
  /** Reads the pool's figures at each scrape; call once the store is open. */
  watchPool(stats: () => PoolStats): void;
}

export interface MetricsOptions {
  /** A cluster worker's registry answers the primary's aggregator (defaults to whether this is a worker). */
  clusterWorker?: boolean;
}

let processRegistry: Registry | undefined;

/**
 * The process's own figures, once per process however many apps it holds (tests hold many):
 * event-loop lag (nodejs_eventloop_lag_*), memory (process_resident_memory_bytes, nodejs_heap_*),
 * CPU, handles and GC, read at each scrape. Made on first use, so an app never scraped starts no
 * event-loop monitor.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

let answeringPrimary = false;

/** In a worker: prom-client answers the primary's aggregator with these registries' figures. */
function answerPrimary(registries: Registry[]): void {
  AggregatorRegistry.setRegistries(registries);
  // prom-client adds the worker's listener when an AggregatorRegistry is first made.
  if (!answeringPrimary) new AggregatorRegistry<PrometheusContentType>();
  answeringPrimary = true;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.clusterWorker ?? cluster.isWorker) answerPrimary([processMetrics(), registry]);
  const registers = [registry];

  let poolStats: (() => PoolStats) | undefined;
  const pool = (pick: (stats: PoolStats) => number) =>
    function (this: Gauge) {
      if (poolStats) this.set(pick(poolStats()));
    };

  new Gauge({
    name: 'prr_db_pool_connections_in_use',
    help: 'PostgreSQL connections checked out of the pool',
    registers,
    collect: pool((s) => s.total - s.idle),
  });
  new Gauge({
    name: 'prr_db_pool_connections_idle',
    help: 'PostgreSQL connections open and idle in the pool',
    registers,
    collect: pool((s) => s.idle),
  });
  new Gauge({
    name: 'prr_db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL connection',
    registers,
    collect: pool((s) => s.waiting),
  });

  return {
    registry,
    contentType: registry.contentType,
    text: async () => (await Promise.all([processMetrics().metrics(), registry.metrics()])).join('\n'),
    httpRequests: new Counter({
      name: 'prr_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'prr_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    storeDuration: new Histogram({
      name: 'prr_store_operation_duration_seconds',
      help: 'Time of each store call (a query, or a whole transaction for write), by operation',
      labelNames: ['store', 'operation', 'outcome'],
      buckets: STORE_BUCKETS,
      registers,
    }),
    emailsSent: new Counter({
      name: 'prr_emails_sent_total',
      help: 'E-mails accepted by the SMTP server or written to the outbox',
      labelNames: ['kind'],
      registers,
    }),
    emailsFailed: new Counter({
      name: 'prr_emails_failed_total',
      help: 'E-mails not sent: refused for good (undeliverable) or failed for now (retried)',
      labelNames: ['kind', 'reason'],
      registers,
    }),
    emailsDue: new Gauge({
      name: 'prr_emails_due',
      help: 'E-mails found due at the last check of the scheduler',
      registers,
    }),
    watchPool(stats) {
      poolStats = stats;
    },
  };
}
