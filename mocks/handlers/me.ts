/**
 * The signed-in member's own view, the dashboard's first screen in one answer, and signing out (the
 * member comes from the session cookie).
 */
import { api } from '@prr/contract';
import { memberDashboard, memberView, requireMember } from '@prr/domain';
import { handle, reply } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { endAllMemberSessions, endMemberSession, revokeMemberKeys, signedIn } from '../session.js';
import { mockStore } from '../store.js';

export const meHandlers = [
  handle(api.me, async ({ memberId }) => memberView(await requireMember(mockStore, signedIn(memberId)), mockDb.now())),
  handle(api.memberDashboard, ({ memberId }) => memberDashboard(mockStore, signedIn(memberId), mockDb.now())),
  handle(api.signOut, ({ cookies }) =>
    reply({ signedOut: true as const }, { headers: { 'Set-Cookie': endMemberSession(cookies) } }),
  ),
  // Every session, e-mail key and pending sign-in of the member; this browser is signed out too.
  handle(api.signOutEverywhere, ({ memberId, cookies }) => {
    const id = signedIn(memberId);
    revokeMemberKeys(id);
    endAllMemberSessions(id);
    return reply({ signedOut: true as const }, { headers: { 'Set-Cookie': endMemberSession(cookies) } });
  }),
];
