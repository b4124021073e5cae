/**
 * The contract suite against the MSW handlers. Plain `fetch` to http://localhost is intercepted by
 * MSW's Node server; any request no handler answers fails the test (onUnhandledRequest 'error').
 */
import { afterAll, beforeAll } from 'vitest';
import { handlers, resetMockDb, unsubscribeTokenFor } from '@prr/mocks';
import { setupServer } from 'msw/node';
import { runContractSuite } from './suite.js';

const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

runContractSuite('MSW mocks', async () => {
  // A fresh store per case; the clock is the real one so "today" means the same as on the server.
  resetMockDb({ now: () => new Date() });
  server.resetHandlers();
  return { baseUrl: 'http://localhost', close: async () => {}, unsubscribeToken: unsubscribeTokenFor };
});
