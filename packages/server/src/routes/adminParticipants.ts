/** The admin's participants: the list and its CSV export, adding, correcting, deactivating and deleting one. */
import Router from '@koa/router';
import { api, participantsExport } from '@prr/contract';
import {
  addParticipant,
  adminMemberPage,
  adminStats,
  deleteParticipant,
  participantsCsv,
  setParticipantStatus,
  updateParticipant,
} from '@prr/domain';
import { recordAdminAction } from '../audit/adminActions.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { sendCsv } from '../http/csvDownload.js';
import { mount } from '../http/mount.js';
import { requireAdmin } from '../middleware/requireAdmin.js';
import { inputOf, validate } from '../middleware/validate.js';

export function adminParticipantRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.adminStats, () => adminStats(deps.store));
  mount(router, deps, api.adminMembers, ({ query }) => adminMemberPage(deps.store, query));
  // Streamed batch by batch (participantsCsv.ts): 50,000 rows never become one string.
  router.get(
    participantsExport.path,
    requireAdmin(deps.sessions, deps.adminAuth, deps.logger),
    validate(participantsExport),
    async (ctx) => {
      const { query } = inputOf(ctx, participantsExport);
      await recordAdminAction(deps, ctx, 'participants.export');
      sendCsv(ctx, deps.logger, participantsExport, participantsCsv(deps.store, query));
    },
  );
  // Each change is recorded once it has committed (audit/adminActions.ts).
  mount(router, deps, api.addParticipant, async ({ body }, ctx) => {
    const added = await deps.store.write((tx) => addParticipant(tx, body, deps.clock.now()));
    await recordAdminAction(deps, ctx, 'participant.add', { participant: added });
    return added;
  });
  mount(router, deps, api.updateParticipant, async ({ params, body }, ctx) => {
    const updated = await deps.store.write((tx) => updateParticipant(tx, params.id, body));
    await recordAdminAction(deps, ctx, 'participant.edit', { participant: updated });
    return updated;
  });
  mount(router, deps, api.setParticipantStatus, async ({ params, body }, ctx) => {
    const updated = await deps.store.write((tx) => setParticipantStatus(tx, params.id, body.isActive));
    await recordAdminAction(deps, ctx, 'participant.status', { participant: updated });
    return updated;
  });
  mount(router, deps, api.deleteParticipant, async ({ params }, ctx) => {
    // The name is read in the deleting transaction: the record keeps it once the member is gone.
    const { answer, name } = await deps.store.write(async (tx) => {
      const member = await tx.memberById(params.id);
      return { answer: await deleteParticipant(tx, params.id), name: member?.name ?? '' };
    });
    await recordAdminAction(deps, ctx, 'participant.delete', { participant: { id: params.id, name } });
    return answer;
  });
  return router;
}
