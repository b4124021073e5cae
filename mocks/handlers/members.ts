/** The signed-in member's e-mail settings and the unsubscribe link of the reminder e-mails. */
import { api } from '@prr/contract';
import { unsubscribe, updateEmailSettings } from '@prr/domain';
import { handle } from '../contractHandler.js';
import { signedIn } from '../session.js';
import { mockStore } from '../store.js';

const UNSUBSCRIBE_PREFIX = 'mock-unsubscribe.';

/**
 * The mocks' unsubscribe token. The real server signs its tokens; the mocks only need one that a
 * story can put in the URL, so it is the member id behind a recognisable prefix.
 */
export function unsubscribeTokenFor(memberId: string): string {
  return UNSUBSCRIBE_PREFIX + memberId;
}

/** The member a mock token names, or undefined for a token the mocks never made. */
const memberOfToken = (token: string): string | undefined =>
  token.startsWith(UNSUBSCRIBE_PREFIX) ? token.slice(UNSUBSCRIBE_PREFIX.length) : undefined;

export const memberHandlers = [
  handle(api.updateEmailSettings, ({ memberId, body }) => updateEmailSettings(mockStore, signedIn(memberId), body)),
  handle(api.unsubscribe, ({ body }) => unsubscribe(mockStore, memberOfToken(body.token))),
];
