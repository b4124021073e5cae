/**
 * The contract suite against the MSW handlers. Plain `fetch` to http://localhost is intercepted by
 * MSW's Node server; any request no handler answers fails the test (onUnhandledRequest 'error').
 */
import { afterAll, beforeAll } from 'vitest';
import {
  MOCK_SIGN_IN_CODE,
  MOCK_TOTP_CODE,
  handlers,
  issueMockEmailKey,
  mockDb,
  resetMockDb,
  unsubscribeTokenFor,
} from '@prr/mocks';
import { setupServer } from 'msw/node';
import { runContractSuite } from './suite.js';

const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** A credential's shape as the browser library sends it: the mocks verify nothing more. */
const SOME_PASSKEY = {
  id: 'bW9jay1wYXNza2V5',
  rawId: 'bW9jay1wYXNza2V5',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AA', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

/** The pending sign-in of the member with this address, as the mocks keep it. */
function pendingSignIn(email: string) {
  const wanted = email.trim().toLowerCase();
  const member = mockDb.members.find((m) => m.email.trim().toLowerCase() === wanted);
  return member && mockDb.signIns.find((signIn) => signIn.memberId === member.id);
}

runContractSuite('MSW mocks', async () => {
  // A fresh store per case; the clock is the real one so "today" means the same as on the server,
  // plus however far the case moved it on. No ambient member: a browser without a member cookie
  // is signed out, as on the server.
  let offsetMs = 0;
  resetMockDb({ now: () => new Date(Date.now() + offsetMs), ambientMemberId: null });
  server.resetHandlers();
  return {
    baseUrl: 'http://localhost',
    close: async () => {},
    unsubscribeToken: unsubscribeTokenFor,
    advanceClock: (days) => {
      offsetMs += days * 86_400_000;
    },
    // The mocks send no e-mail: every sign-in code is MOCK_SIGN_IN_CODE ('123456').
    lastSignInCode: async (email) => (pendingSignIn(email) ? MOCK_SIGN_IN_CODE : undefined),
    lastSignInLink: async (email) => pendingSignIn(email)?.linkToken,
    emailKey: issueMockEmailKey,
    // The mocks' authenticator app always shows MOCK_TOTP_CODE, and any passkey answer passes.
    requireAdminSecondFactor: () => {
      mockDb.adminFactors.required = true;
    },
    adminTotpCode: () => MOCK_TOTP_CODE,
    passkeyAuthenticator: { register: () => SOME_PASSKEY, authenticate: () => SOME_PASSKEY },
  };
});
