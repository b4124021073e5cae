/**
 * The service worker for Storybook and `npm run dev:mock`. The worker script lives in
 * .storybook/public (package.json "msw.workerDirectory"), served at /mockServiceWorker.js.
 */
import { setupWorker, type StartOptions } from 'msw/browser';
import { handlers } from './handlers/index.js';

export const worker = setupWorker(...handlers);

/**
 * Starts the worker quietly. Requests that are not /api (modules, fonts, images) go to the network;
 * every /api request is answered by a handler or the catch-all 404, so none escapes unmocked.
 */
export async function startMockWorker(options: StartOptions = {}): Promise<typeof worker> {
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true, ...options });
  return worker;
}
