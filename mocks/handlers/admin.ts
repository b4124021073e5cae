/**
 * The admin area: the demo admin's sign-in with an HttpOnly session cookie, the participant list,
 * adding, correcting, deactivating, deleting and exporting participants, and the map's update
 * with its preview and undo (the domain's rules).
 */
import { DEMO_ADMIN, api, participantsExport } from '@prr/contract';
import {
  AppError,
  addParticipant,
  adminMemberPage,
  adminStats,
  deleteParticipant,
  wrongCurrentPassword,
  participantsCsv,
  recalculatePreview,
  recalculateStates,
  sameEmail,
  setParticipantStatus,
  undoRecalculateStates,
  updateParticipant,
} from '@prr/domain';
import { handle, reply, validate, type HandleOptions } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { endAdminSession, forgetMember, startAdminSession } from '../session.js';
import { csvExportHandler } from '../lib/csvExport.js';
import { mockStore } from '../store.js';
import { recordMockAdminAction } from './adminActivity.js';
import { passwordAccepted } from './adminSecondFactor.js';

const adminView = () => ({ admin: { name: mockDb.admin.name, email: mockDb.admin.email } });

/** The CSV export: the same chunks as the server's stream (participantsCsv), as a streamed body. */
function exportHandler(options: HandleOptions) {
  return csvExportHandler(participantsExport, options, (url) => {
    const filter = validate(participantsExport.query, Object.fromEntries(url.searchParams), 'query');
    void recordMockAdminAction('participants.export');
    return participantsCsv(mockStore, filter);
  });
}

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
      // Signed in, or the second factor next (handlers/adminSecondFactor.ts).
      return passwordAccepted();
    }),
    handle(api.adminSession, adminView, options),
    handle(
      api.changeAdminPassword,
      ({ body }) => {
        if (body.currentPassword !== mockDb.admin.password) {
          throw wrongCurrentPassword();
        }
        mockDb.admin.password = body.newPassword;
        // As on the server: every other session ends and this browser gets a new one.
        mockDb.adminSessions.clear();
        return reply({ changed: true as const }, { headers: { 'Set-Cookie': startAdminSession() } });
      },
      options,
    ),
    handle(
      api.adminLogout,
      ({ cookies }) => reply({ loggedOut: true as const }, { headers: { 'Set-Cookie': endAdminSession(cookies) } }),
      options,
    ),
    handle(api.adminStats, () => adminStats(mockStore), options),
    exportHandler(options),
    handle(api.adminMembers, ({ query }) => adminMemberPage(mockStore, query), options),
    // Each change is recorded after it is made, as on the server (handlers/adminActivity.ts).
    handle(
      api.addParticipant,
      async ({ body }) => {
        const added = await addParticipant(mockStore, body, mockDb.now());
        await recordMockAdminAction('participant.add', added);
        return added;
      },
      options,
    ),
    handle(
      api.updateParticipant,
      async ({ params, body }) => {
        const updated = await updateParticipant(mockStore, params.id, body);
        await recordMockAdminAction('participant.edit', updated);
        return updated;
      },
      options,
    ),
    handle(
      api.setParticipantStatus,
      async ({ params, body }) => {
        const updated = await setParticipantStatus(mockStore, params.id, body.isActive);
        await recordMockAdminAction('participant.status', updated);
        return updated;
      },
      options,
    ),
    handle(
      api.deleteParticipant,
      async ({ params }) => {
        const name = (await mockStore.memberById(params.id))?.name ?? '';
        const answer = await deleteParticipant(mockStore, params.id);
        forgetMember(params.id);
        await recordMockAdminAction('participant.delete', { name });
        return answer;
      },
      options,
    ),
    handle(api.recalculatePreview, () => recalculatePreview(mockStore), options),
    handle(
      api.recalculateStates,
      async () => {
        const answer = await recalculateStates(mockStore);
        await recordMockAdminAction('map.update');
        return answer;
      },
      options,
    ),
    handle(
      api.undoRecalculateStates,
      async () => {
        const answer = await undoRecalculateStates(mockStore);
        await recordMockAdminAction('map.undo');
        return answer;
      },
      options,
    ),
  ];
}

export const adminHandlers = createAdminHandlers();
