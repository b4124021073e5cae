/**
 * Files the site offers as downloads at stable paths (SPEC.md: /download/two-paths-diagram opens
 * as a file download). The files ship with the site's public assets.
 */
import send from 'koa-send';
import type { AppMiddleware } from '../http/context.js';

export const DOWNLOADS: Readonly<Record<string, { file: string; filename: string }>> = {
  '/download/two-paths-diagram': {
    file: 'assets/downloads/two-paths-diagram.svg',
    filename: 'pause-reflect-retry-two-paths-diagram.svg',
  },
};

export function serveDownloads(staticDir: string): AppMiddleware {
  return async (ctx, next) => {
    const download = DOWNLOADS[ctx.path];
    if (!download || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.attachment(download.filename);
    await send(ctx, download.file, { root: staticDir, maxage: 60 * 60 * 1000 });
  };
}
