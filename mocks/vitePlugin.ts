/**
 * Serves the committed MSW worker (.storybook/public/mockServiceWorker.js) from any Vite dev
 * server that needs it (dev:mock, the Storybook browser tests), so the production build's
 * public folder never ships a mock. It also answers the site's download links, which are page
 * loads (not fetches) and so never reach MSW.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// Relative, not '@prr/contract': Vite loads this file while bundling its own config.
import { findDownload } from '../packages/contract/src/downloads.js';

const workerFile = fileURLToPath(new URL('../.storybook/public/mockServiceWorker.js', import.meta.url));

export function mswWorkerPlugin(): Plugin {
  return {
    name: 'prr:msw-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Service-Worker-Allowed', '/');
        res.end(readFileSync(workerFile));
      });
      server.middlewares.use((req, res, next) => {
        const download = findDownload(new URL(req.url ?? '/', 'http://localhost').pathname);
        if (!download || !server.config.publicDir) return next();
        res.setHeader('Content-Type', download.contentType);
        res.setHeader('Content-Disposition', `attachment; filename="${download.filename}"`);
        res.end(readFileSync(join(server.config.publicDir, download.file)));
      });
    },
  };
}
