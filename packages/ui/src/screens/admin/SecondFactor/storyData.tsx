/** Stand-ins for the browser's authenticator in the second-factor stories and tests. */
import type { PasskeyCredential } from '@prr/contract';
import type { Decorator } from '@storybook/react-vite';
import { PasskeyClientProvider, type PasskeyClient } from './passkeyClient';

const credential = (response: Record<string, string>): PasskeyCredential => ({
  id: 'bW9jay1wYXNza2V5',
  rawId: 'bW9jay1wYXNza2V5',
  type: 'public-key',
  response: { clientDataJSON: 'e30', ...response },
  clientExtensionResults: {},
});

/** An authenticator that always answers: the admin touched the key. */
export const workingPasskeys: PasskeyClient = {
  authenticate: () => Promise.resolve(credential({ authenticatorData: 'AA', signature: 'AA' })),
  register: () => Promise.resolve(credential({ attestationObject: 'AA' })),
};

const notAllowed = () =>
  Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));

/** The admin closed the browser's passkey dialog (or it timed out). */
export const cancelledPasskeys: PasskeyClient = { authenticate: notAllowed, register: notAllowed };

/** Puts the stand-in authenticator around the story. */
export const withPasskeys =
  (client: PasskeyClient): Decorator =>
  (Story) => (
    <PasskeyClientProvider client={client}>
      <Story />
    </PasskeyClientProvider>
  );
