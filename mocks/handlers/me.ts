/** The signed-in member's own view, and signing out (the member comes from the session cookie). */
import { api } from '@prr/contract';
import { memberView, requireMember } from '@prr/domain';
import { handle, reply } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { endMemberSession, signedIn } from '../session.js';
import { mockStore } from '../store.js';

export const meHandlers = [
  handle(api.me, async ({ memberId }) => memberView(await requireMember(mockStore, signedIn(memberId)), mockDb.now())),
  handle(api.signOut, ({ cookies }) =>
    reply({ signedOut: true as const }, { headers: { 'Set-Cookie': endMemberSession(cookies) } }),
  ),
];
