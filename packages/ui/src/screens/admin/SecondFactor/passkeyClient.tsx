/**
 * The browser's side of a passkey ceremony (docs/decisions/027-admin-second-factor.md), behind a
 * context so stories and tests can stand in for the authenticator: the real one is
 * @simplewebauthn/browser, which calls navigator.credentials.
 */
import type { PasskeyCredential, PasskeyOptions } from '@prr/contract';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { createContext, useContext, type ReactNode } from 'react';

export interface PasskeyClient {
  /** Proves an existing passkey for the server's request options. */
  authenticate: (options: PasskeyOptions) => Promise<PasskeyCredential>;
  /** Makes a new passkey for the server's creation options. */
  register: (options: PasskeyOptions) => Promise<PasskeyCredential>;
}

// The options are the server library's JSON, which the browser library reads as they are.
const browserPasskeys: PasskeyClient = {
  authenticate: async (options) =>
    (await startAuthentication({ optionsJSON: options as never })) as unknown as PasskeyCredential,
  register: async (options) =>
    (await startRegistration({ optionsJSON: options as never })) as unknown as PasskeyCredential,
};

const PasskeyClientContext = createContext<PasskeyClient>(browserPasskeys);

export function PasskeyClientProvider({ client, children }: { client: PasskeyClient; children: ReactNode }) {
  return <PasskeyClientContext value={client}>{children}</PasskeyClientContext>;
}

export const usePasskeyClient = (): PasskeyClient => useContext(PasskeyClientContext);

/** The browser or the admin stopped the ceremony (cancel, time-out, no passkey for this site). */
export function isPasskeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
