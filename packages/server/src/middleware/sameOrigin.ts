/**
 * CSRF defence for state-changing requests: a browser always sends Origin on cross-site POSTs,
 * so a foreign Origin is refused (403). The whole origin counts, scheme, host and port: it must
 * be PUBLIC_URL's or one of ALLOWED_ORIGINS, so `https://` is refused on an `http://` site and
 * another port of the same host is foreign (docs/product/rules.md#validation). Without an
 * Origin, the Referer's origin is checked the same way. Neither (curl, server-to-server, tests)
 * is allowed: those are not a browser acting for a signed-in member or admin.
 */
import { AppError } from '@prr/domain';
import type { AppConfig } from '../config.js';
import type { AppMiddleware } from '../http/context.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `scheme://host[:port]` of a URL (lower case, default port dropped), or undefined for "null" and garbage. */
export function originOf(value: string): string | undefined {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? undefined : origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * @param config PUBLIC_URL and ALLOWED_ORIGINS, read at each request (tests set PUBLIC_URL once
 *   the server listens).
 * @param allowLocalhost Outside production, any http://localhost:<port> page may call the API:
 *   Vite's dev server (another port) proxies /api here, possibly rewriting Host.
 */
export function sameOrigin(
  config: Pick<AppConfig, 'publicUrl' | 'allowedOrigins'>,
  allowLocalhost = false,
): AppMiddleware {
  const allowed = (): Set<string | undefined> =>
    new Set([originOf(config.publicUrl), ...config.allowedOrigins.map(originOf)].filter(Boolean));
  return async (ctx, next) => {
    const header = ctx.get('origin') || ctx.get('referer');
    if (!SAFE_METHODS.has(ctx.method) && header) {
      const origin = originOf(header);
      const local = allowLocalhost && origin !== undefined && LOCAL_HOSTNAMES.has(new URL(origin).hostname);
      if (origin === undefined || (!local && !allowed().has(origin))) {
        throw new AppError('forbidden', 'Cross-site requests are not allowed');
      }
    }
    await next();
  };
}
