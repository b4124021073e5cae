/**
 * The admin area: the demo admin's sign-in with an HttpOnly session cookie, the participant list,
 * adding a participant and recalculating the map from active members (the domain's rules).
 */
import { DEMO_ADMIN, api } from '@prr/contract';
import { AppError, addParticipant, adminMembers, adminStats, recalculateStates, sameEmail } from '@prr/domain';
import { handle, reply, type HandleOptions } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { endAdminSession, startAdminSession } from '../session.js';
import { mockStore } from '../store.js';

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
      const matches = sameEmail(body.email, mockDb.admin.email) && body.password === mockDb.admin.password;
      // One answer for an unknown e-mail and a wrong password, as on the server.
      if (!matches) throw new AppError('unauthenticated', 'Invalid credentials');
      return reply(adminView(), { headers: { 'Set-Cookie': startAdminSession() } });
    }),
    handle(api.adminSession, adminView, options),
    handle(
      api.adminLogout,
      ({ cookies }) => reply({ loggedOut: true as const }, { headers: { 'Set-Cookie': endAdminSession(cookies) } }),
      options,
    ),
    handle(api.adminStats, () => adminStats(mockStore), options),
    handle(api.adminMembers, () => adminMembers(mockStore), options),
    handle(api.addParticipant, ({ body }) => addParticipant(mockStore, body, mockDb.now()), options),
    handle(api.recalculateStates, () => recalculateStates(mockStore), options),
  ];
}

export const adminHandlers = createAdminHandlers();
