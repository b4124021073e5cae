/**
 * After the routers: an /api path that no route answered is a JSON 404, or a 405 (with Allow)
 * when the path exists in the contract's table under another method.
 */
import { adminActivityExport, participantsExport, routeList, type RouteDef } from '@prr/contract';
import { AppError } from '@prr/domain';
import type { AppMiddleware } from '../http/context.js';

/** The JSON table and the CSV exports (outside the table): every /api path and method there is. */
const routes: readonly Pick<RouteDef, 'method' | 'path'>[] = [...routeList, participantsExport, adminActivityExport];

const patterns = routes.map((route) => ({
  method: route.method,
  regex: new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
}));

/** Methods the contract allows on this path (HEAD comes with GET). */
export function allowedMethodsFor(path: string): string[] {
  const methods = new Set<string>();
  for (const p of patterns) {
    if (p.regex.test(path)) {
      methods.add(p.method);
      if (p.method === 'GET') methods.add('HEAD');
    }
  }
  return [...methods];
}

export function apiFallback(): AppMiddleware {
  return async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    const allowed = allowedMethodsFor(ctx.path);
    if (allowed.length === 0) throw new AppError('not_found', `No API endpoint at ${ctx.path}`);
    const allow = [...allowed, 'OPTIONS'].join(', ');
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.set('Allow', allow);
      return;
    }
    throw new AppError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`, {
      headers: { Allow: allow },
    });
  };
}
