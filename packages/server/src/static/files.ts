/**
 * The built site's real files (packages/app/dist), sent as they are. Vite's build output (/static/*,
 * see the app's vite.config.ts) carries a content hash, so it is cached for a year; shipped media
 * under /assets/* keep their names, so they are cached for an hour. The build writes .br/.gz beside
 * each text file and koa-send picks what the client accepts. Files sent as they are answer byte
 * ranges (the theme song). Source maps are built (the bench reads them on disk) but never served:
 * they would hand anyone the site's source as written.
 */
import send from 'koa-send';
import type { AppContext } from '../http/context.js';
import { answerByteRange } from './byteRange.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Where Vite writes hashed chunks (build.assetsDir). */
export const HASHED_PREFIX = '/static/';

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/**
 * A source map, or its compressed copy: `.map`, `.map.br`, `.map.gz`, in any case, and however
 * the path is percent-encoded (koa-send decodes it before it looks on disk).
 */
export function isSourceMap(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not decodable: koa-send refuses it too.
  }
  return /\.map(\.(br|gz))?$/i.test(decoded);
}

/** Sends the file the path names, if there is one; answers whether it did. Folders and source maps are never sent. */
export async function sendBuiltFile(ctx: AppContext, staticDir: string): Promise<boolean> {
  if (ctx.path.endsWith('/') || isSourceMap(ctx.path)) return false;
  const hashed = ctx.path.startsWith(HASHED_PREFIX);
  try {
    const served = await send(ctx, ctx.path, {
      root: staticDir,
      index: false,
      maxage: hashed ? YEAR_MS : ctx.path.startsWith('/assets/') ? HOUR_MS : 0,
      immutable: hashed,
      brotli: true,
      gzip: true,
    });
    if (!served) return false;
    answerByteRange(ctx, served);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/** A path whose last segment has a dot names a file (an old hashed asset, a typo), never a page. */
export function namesFile(path: string): boolean {
  return path.slice(path.lastIndexOf('/') + 1).includes('.');
}
