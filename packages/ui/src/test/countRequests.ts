/**
 * Counts the GET requests MSW's node server sees for one API path, from the call until the test
 * ends. jsdom tests only (it hooks Vitest's onTestFinished), so it is not exported from ./index,
 * which stories import too.
 */
import { server } from '@prr/mocks/node';
import { onTestFinished } from 'vitest';

export function countRequests(path: string): { readonly count: number } {
  const counter = { count: 0 };
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === path) counter.count += 1;
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return counter;
}
