/** Serves the contract's downloads (docs/product/screens.md#downloads: the Two Paths diagram opens as a file download). */
import { findDownload } from '@prr/contract';
import send from 'koa-send';
import type { AppMiddleware } from '../http/context.js';

export function serveDownloads(staticDir: string): AppMiddleware {
  return async (ctx, next) => {
    const download = findDownload(ctx.path);
    if (!download || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.attachment(download.filename);
    await send(ctx, download.file, { root: staticDir, maxage: 60 * 60 * 1000 });
  };
}
