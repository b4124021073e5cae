/**
 * @prr/mocks: MSW handlers that mirror the /api contract, answering from an in-memory store seeded
 * with the fixtures. Import the worker from '@prr/mocks/browser', the Node server from
 * '@prr/mocks/node' and the fixtures from '@prr/mocks/fixtures'.
 */
export {
  handlers,
  createAdminHandlers,
  createAdminSecondFactorHandlers,
  MOCK_TOTP_CODE,
  MOCK_TOTP_SECRET,
  MOCK_RECOVERY_CODES,
  unsubscribeTokenFor,
  startMockSignIn,
  issueMockEmailKey,
  MOCK_SIGN_IN_CODE,
  EMAIL_LINK_PREFIX,
} from './handlers/index.js';
export {
  scenarios,
  dashboardAnswer,
  delayed,
  held,
  failing,
  errorOn,
  NETWORK_DELAY_MS,
  type ScenarioName,
} from './scenarios.js';
export {
  handle,
  onRoute,
  reply,
  matchesApiPath,
  type MockRequest,
  type MockResolver,
  type HandleOptions,
} from './contractHandler.js';
export { mockDb, resetMockDb, type MockDb, type MockSignIn, type ResetOptions } from './db.js';
export { ADMIN_COOKIE, MEMBER_COOKIE } from './session.js';
