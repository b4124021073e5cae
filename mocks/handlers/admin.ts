/**
 * The admin area: the demo admin's sign-in with an HttpOnly session cookie, the participant list,
 * adding a participant and recalculating the map from active members (DESIGN.md Product decisions).
 */
import {
  DEMO_ADMIN,
  api,
  canonicalStateName,
  coveredStates,
  totalPeacemakers,
  type AdminStats,
} from '@prr/contract';
import { handle, reply, type HandleOptions } from '../contractHandler.js';
import { addMember, findMemberByEmail, mockDb, normalizeEmail, toAdminMember } from '../db.js';
import { fail, failField } from '../errors.js';
import { endAdminSession, startAdminSession } from '../session.js';

function adminStats(): AdminStats {
  return {
    totalMembers: mockDb.members.length,
    totalParticipation: totalPeacemakers(mockDb.states),
    stateCount: coveredStates(mockDb.states),
  };
}

const adminView = () => ({ admin: { name: mockDb.admin.name, email: mockDb.admin.email } });

/**
 * Built by a factory so the `adminSignedIn` scenario can reuse the very same resolvers with the
 * session check skipped, instead of a second copy of them.
 */
export function createAdminHandlers(options: HandleOptions = {}) {
  return [
    // The demo box shows only while the demo admin's password is unchanged.
    handle(api.adminLoginInfo, () => {
      const { email, password } = mockDb.admin;
      const isDemo = email === DEMO_ADMIN.email && password === DEMO_ADMIN.password;
      return { demoCredentials: isDemo ? { email, password } : null };
    }),

    handle(api.adminLogin, ({ body }) => {
      const matches =
        normalizeEmail(body.email) === normalizeEmail(mockDb.admin.email) && body.password === mockDb.admin.password;
      if (!matches) fail('unauthenticated', 'Invalid credentials');
      return reply(adminView(), { headers: { 'Set-Cookie': startAdminSession() } });
    }),

    handle(api.adminSession, adminView, options),

    handle(
      api.adminLogout,
      ({ cookies }) => reply({ loggedOut: true as const }, { headers: { 'Set-Cookie': endAdminSession(cookies) } }),
      options,
    ),

    handle(api.adminStats, adminStats, options),

    // Newest first, as the 'Recent Participants' list shows them.
    handle(
      api.adminMembers,
      () => [...mockDb.members].sort((a, b) => b.joinedAt.localeCompare(a.joinedAt)).map(toAdminMember),
      options,
    ),

    handle(
      api.addParticipant,
      ({ body }) => {
        const state = canonicalStateName(body.state) ?? failField('state', 'Enter a US state name or its two-letter code');
        if (findMemberByEmail(body.email)) fail('conflict', 'A member with this email already exists');
        return toAdminMember(addMember({ name: body.name, email: body.email, zipCode: body.zipCode, state }));
      },
      options,
    ),

    // 'Update Map': every state's count becomes the number of its active members.
    handle(
      api.recalculateStates,
      () => {
        for (const record of mockDb.states) {
          record.peacemakers = mockDb.members.filter((m) => m.isActive && m.state === record.state).length;
        }
        return { states: mockDb.states, stats: adminStats() };
      },
      options,
    ),
  ];
}

export const adminHandlers = createAdminHandlers();
