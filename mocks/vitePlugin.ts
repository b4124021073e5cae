/**
 * Serves the committed MSW worker (.storybook/public/mockServiceWorker.js) from any Vite dev
 * server that needs it (dev:mock, the Storybook browser tests), so the production build's
 * public folder never ships a mock.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

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
    },
  };
}
