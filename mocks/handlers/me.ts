/** The signed-in member's own view, and signing out (the member comes from the session cookie). */
import { api } from '@prr/contract';
import { handle, reply } from '../contractHandler.js';
import { requireSignedIn, toDashboardMember } from '../db.js';
import { endMemberSession } from '../session.js';

export const meHandlers = [
  handle(api.me, ({ memberId }) => toDashboardMember(requireSignedIn(memberId))),
  handle(api.signOut, ({ cookies }) =>
    reply({ signedOut: true as const }, { headers: { 'Set-Cookie': endMemberSession(cookies) } }),
  ),
];
