/** Starts MSW's worker with the app-wide default handlers; stories add overrides per story. */
import { worker } from '@prr/mocks/browser';

export async function startMockWorker() {
  await worker.start({
    quiet: true,
    onUnhandledRequest(request, print) {
      // Only the API is mocked; assets, fonts and Storybook's own files go to the dev server.
      if (new URL(request.url).pathname.startsWith('/api/')) print.error();
    },
  });
  return worker;
}
