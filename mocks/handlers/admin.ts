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
  isAppError,
  participantsCsv,
  recalculatePreview,
  recalculateStates,
  sameEmail,
  setParticipantStatus,
  undoRecalculateStates,
  updateParticipant,
} from '@prr/domain';
import { HttpResponse } from 'msw';
import { failureResponse, handle, onRoute, reply, validate, type HandleOptions } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { endAdminSession, forgetMember, hasAdminSession, startAdminSession } from '../session.js';
import { mockStore } from '../store.js';

const adminView = () => ({ admin: { name: mockDb.admin.name, email: mockDb.admin.email } });

/** The CSV export: the same chunks as the server's stream (participantsCsv), as a streamed body. */
function exportHandler(options: HandleOptions) {
  return onRoute(participantsExport, ({ request, cookies }) => {
    try {
      if (options.auth !== 'skip' && !hasAdminSession(cookies)) {
        throw new AppError('unauthenticated', 'Please sign in as the admin');
      }
      const filter = validate(participantsExport.query, Object.fromEntries(new URL(request.url).searchParams), 'query');
      const chunks = participantsCsv(mockStore, filter);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
      });
      return new HttpResponse(body, {
        headers: {
          'Content-Type': participantsExport.contentType,
          'Content-Disposition': `attachment; filename="${participantsExport.filename}"`,
        },
      });
    } catch (error) {
      if (isAppError(error)) return failureResponse(error);
      throw error;
    }
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
      return reply(adminView(), { headers: { 'Set-Cookie': startAdminSession() } });
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
    handle(api.addParticipant, ({ body }) => addParticipant(mockStore, body, mockDb.now()), options),
    handle(api.updateParticipant, ({ params, body }) => updateParticipant(mockStore, params.id, body), options),
    handle(
      api.setParticipantStatus,
      ({ params, body }) => setParticipantStatus(mockStore, params.id, body.isActive),
      options,
    ),
    handle(
      api.deleteParticipant,
      async ({ params }) => {
        const answer = await deleteParticipant(mockStore, params.id);
        forgetMember(params.id);
        return answer;
      },
      options,
    ),
    handle(api.recalculatePreview, () => recalculatePreview(mockStore), options),
    handle(api.recalculateStates, () => recalculateStates(mockStore), options),
    handle(api.undoRecalculateStates, () => undoRecalculateStates(mockStore), options),
  ];
}

export const adminHandlers = createAdminHandlers();
