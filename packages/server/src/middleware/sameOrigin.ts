/**
 * CSRF defence for state-changing requests: a browser always sends Origin on cross-site POSTs,
 * so a foreign Origin is refused (403). No Origin at all (curl, server-to-server, tests) is
 * allowed: those are not a browser acting for a signed-in admin.
 */
import { AppError } from '@prr/domain';
import type { AppMiddleware } from '../http/context.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * @param allowLocalhost Outside production, any http://localhost:<port> page may call the API:
 *   Vite's dev server (another port) proxies /api here, possibly rewriting Host.
 */
export function sameOrigin(allowedOrigins: readonly string[], allowLocalhost = false): AppMiddleware {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '').toLowerCase()));
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    if (!SAFE_METHODS.has(ctx.method) && origin) {
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        url = undefined; // "null" and garbage are foreign
      }
      const own = url !== undefined && url.host.toLowerCase() === ctx.host.toLowerCase();
      const local = allowLocalhost && url !== undefined && LOCAL_HOSTNAMES.has(url.hostname.toLowerCase());
      if (!own && !local && !allowed.has(origin.toLowerCase())) {
        throw new AppError('forbidden', 'Cross-site requests are not allowed');
      }
    }
    await next();
  };
}
