/**
 * What a host watches (docs/deploy.md#watching-it), outside /api and before every other route:
 * - GET /healthz: the process is up and its event loop is not stuck (503 when it stalls);
 * - GET /readyz: the store answers, and on PostgreSQL every migration is applied (503 otherwise);
 * - GET /metrics: Prometheus' text, to this machine or with METRICS_TOKEN (403 otherwise).
 * Small JSON with no member data, no rate limit (a host checks every few seconds), never cached.
 */
import Router from '@koa/router';
import { errorBody } from '@prr/contract';
import { AppError } from '@prr/domain';
import type { AppState } from '../http/context.js';
import type { AppStore } from '../store/types.js';
import { STUCK_EVENT_LOOP_MS, type EventLoopWatch } from './eventLoop.js';
import { mayReadMetrics } from './metricsAccess.js';

export interface OperationsOptions {
  store: Pick<AppStore, 'kind' | 'readiness'>;
  eventLoop: EventLoopWatch;
  /** The metrics' text: this process's registry, or in a cluster every worker's (cluster/metrics.ts). */
  metricsText: () => Promise<string>;
  metricsContentType: string;
  metricsToken: string | undefined;
  /** Seconds since the process started. */
  uptime?: () => number;
}

export function operationsRoutes(options: OperationsOptions): Router<AppState> {
  const router = new Router<AppState>();
  const uptime = options.uptime ?? (() => process.uptime());
  // Every answer here is about this moment: a cache in between would report a dead process alive.
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/healthz', (ctx) => {
    const eventLoopDelayMs = options.eventLoop.longestDelayMs();
    const stuck = eventLoopDelayMs >= STUCK_EVENT_LOOP_MS;
    ctx.status = stuck ? 503 : 200;
    ctx.body = { status: stuck ? 'stalled' : 'ok', uptimeSeconds: Math.floor(uptime()), eventLoopDelayMs };
  });

  router.get('/readyz', async (ctx) => {
    const readiness = await options.store.readiness();
    ctx.status = readiness.ready ? 200 : 503;
    ctx.body = readiness.ready
      ? { status: 'ready', store: options.store.kind }
      : {
          status: 'not_ready',
          store: options.store.kind,
          reason: readiness.code,
          ...(readiness.code === 'migrations_pending' ? { pendingMigrations: readiness.pending.length } : {}),
        };
  });

  router.get('/metrics', async (ctx) => {
    if (!mayReadMetrics(ctx, options.metricsToken)) {
      ctx.status = 403;
      ctx.body = errorBody('forbidden', 'The metrics are served to this machine only, or with METRICS_TOKEN.');
      return;
    }
    const text = await options.metricsText().catch((error: unknown) => {
      throw new AppError('unavailable', 'The metrics could not be gathered from every worker. Please try again.', {
        cause: error,
      });
    });
    ctx.type = options.metricsContentType;
    ctx.body = text;
  });
  return router;
}
