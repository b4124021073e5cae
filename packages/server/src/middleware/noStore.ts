/** API answers carry member and admin data: never cache them in the browser or a proxy. */
import type { AppMiddleware } from '../http/context.js';

export function noStoreApi(): AppMiddleware {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
