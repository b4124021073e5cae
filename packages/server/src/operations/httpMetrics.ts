/**
 * Counts and times every answer (operations/metrics.ts). Outermost middleware, so the status is the
 * one the client got, after the error handler. The route label is the pattern @koa/router matched
 * (`/api/admin/participants/:id`); anything no router matched falls into one of three fixed
 * labels, so a crawler's random paths never grow the series.
 */
import type { AppContext, AppMiddleware } from '../http/context.js';
import type { Metrics } from './metrics.js';

/** The matched route's pattern, or a fixed label for what no router matched. */
export function routeLabel(ctx: AppContext): string {
  // Set by @koa/router on the context it matched a layer on (its typings call it internal; it is
  // what every Koa metrics middleware reads).
  const matched = (ctx as AppContext & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path.startsWith('/api/')) return '/api (no route)';
  if (ctx.path.startsWith('/assets/')) return '/assets (files)';
  return '(pages and files)';
}

export function httpMetrics(metrics: Pick<Metrics, 'httpRequests' | 'httpDuration'>): AppMiddleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const labels = { method: ctx.method, route: routeLabel(ctx), status: String(ctx.status) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
}
