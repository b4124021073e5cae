/**
 * Serves the built site (packages/app/dist) for every non-API GET: real files first, then
 * index.html so client-side routes deep-link. Vite's build output (/static/*, see the app's
 * vite.config.ts) carries a content hash, so it is cached for a year; shipped media under
 * /assets/* keep their names, so they are cached for an hour; index.html is revalidated every
 * time so a deploy shows at once. Files sent as they are answer byte ranges (the theme song).
 * Without a build, a small page says how to make one instead of an empty 404.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import send from 'koa-send';
import type { AppMiddleware } from '../http/context.js';
import { answerByteRange } from './byteRange.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Where Vite writes hashed chunks (build.assetsDir). */
export const HASHED_PREFIX = '/static/';

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pause. Reflect. Retry. - site not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The site has not been built yet</h1>
<p>The API is running, but there is no built site to serve. Run <code>npm run build</code>
(or start with <code>npm start</code>, which builds what is missing), then reload this page.</p>
</body></html>`;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

export function serveSpa(staticDir: string): AppMiddleware {
  const indexFile = join(staticDir, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      return next();
    }
    // Compressed and plain bytes share a URL, so caches must key on the encoding.
    ctx.vary('Accept-Encoding');
    const hashed = ctx.path.startsWith(HASHED_PREFIX);
    if (ctx.path !== '/' && !ctx.path.endsWith('/')) {
      try {
        const served = await send(ctx, ctx.path, {
          root: staticDir,
          index: false,
          maxage: hashed ? YEAR_MS : ctx.path.startsWith('/assets/') ? HOUR_MS : 0,
          immutable: hashed,
          // The build writes .br/.gz beside each text file; koa-send picks what the client accepts.
          brotli: true,
          gzip: true,
        });
        if (served) {
          answerByteRange(ctx, served);
          return;
        }
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    // A missing file with an extension (an old hashed asset, a typo) is a real 404, not the app.
    const lastSegment = ctx.path.slice(ctx.path.lastIndexOf('/') + 1);
    if (lastSegment.includes('.')) return next();

    if (await isFile(indexFile)) {
      await send(ctx, 'index.html', { root: staticDir, brotli: true, gzip: true });
      ctx.set('Cache-Control', 'no-cache');
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = NO_BUILD_PAGE;
  };
}
