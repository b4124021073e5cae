/** The signed-in member's e-mail settings and the unsubscribe link of the reminder e-mails. */
import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { mockDb, requireSignedIn } from '../db.js';
import { fail } from '../errors.js';

const UNSUBSCRIBE_PREFIX = 'mock-unsubscribe.';

/**
 * The mocks' unsubscribe token. The real server signs its tokens; the mocks only need one that a
 * story can put in the URL, so it is the member id behind a recognisable prefix.
 */
export function unsubscribeTokenFor(memberId: string): string {
  return UNSUBSCRIBE_PREFIX + memberId;
}

export const memberHandlers = [
  handle(api.updateEmailSettings, ({ memberId, body }) => {
    const member = requireSignedIn(memberId);
    Object.assign(member, body);
    return { emailReminders: member.emailReminders, reminderTime: member.reminderTime, timezone: member.timezone };
  }),
  handle(api.unsubscribe, ({ body }) => {
    const memberId = body.token.startsWith(UNSUBSCRIBE_PREFIX) ? body.token.slice(UNSUBSCRIBE_PREFIX.length) : '';
    const member = mockDb.members.find((m) => m.id === memberId) ?? fail('bad_request', 'This unsubscribe link is not valid');
    member.emailReminders = false;
    return { emailReminders: false as const };
  }),
];
