/**
 * The request interceptor for Vitest (jsdom and node projects). Tests call
 * `server.listen({ onUnhandledRequest: 'error' })` in beforeAll, `server.resetHandlers()` and
 * `resetMockDb()` after each test, and `server.close()` in afterAll.
 */
import { setupServer } from 'msw/node';
import { handlers } from './handlers/index.js';

export const server = setupServer(...handlers);
