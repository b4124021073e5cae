/** The admin's participants: the list and its CSV export, adding, correcting, deactivating and deleting one. */
import { Readable } from 'node:stream';
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
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import { errorFields, type Logger } from '../log.js';
import { requireAdmin } from '../middleware/requireAdmin.js';
import { inputOf, validate } from '../middleware/validate.js';

/**
 * Once the first chunk is out, the status and headers are sent and a failure can no longer be
 * answered: the download breaks off. Koa drops that error silently (app.silent), so it is logged here.
 */
async function* loggingFailures(chunks: AsyncIterable<string>, logger: Logger, requestId: string) {
  try {
    yield* chunks;
  } catch (error) {
    logger.error('participants export failed part-way', { requestId, ...errorFields(error) });
    throw error;
  }
}

export function adminParticipantRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.adminStats, () => adminStats(deps.store));
  mount(router, deps, api.adminMembers, ({ query }) => adminMemberPage(deps.store, query));
  // Streamed batch by batch (participantsCsv.ts): 50,000 rows never become one string.
  router.get(
    participantsExport.path,
    requireAdmin(deps.sessions, deps.adminAuth),
    validate(participantsExport),
    (ctx) => {
      const { query } = inputOf(ctx, participantsExport);
      ctx.attachment(participantsExport.filename);
      ctx.type = participantsExport.contentType;
      ctx.body = Readable.from(loggingFailures(participantsCsv(deps.store, query), deps.logger, ctx.state.requestId));
    },
  );
  mount(router, deps, api.addParticipant, ({ body }) =>
    deps.store.write((tx) => addParticipant(tx, body, deps.clock.now())),
  );
  mount(router, deps, api.updateParticipant, ({ params, body }) =>
    deps.store.write((tx) => updateParticipant(tx, params.id, body)),
  );
  mount(router, deps, api.setParticipantStatus, ({ params, body }) =>
    deps.store.write((tx) => setParticipantStatus(tx, params.id, body.isActive)),
  );
  mount(router, deps, api.deleteParticipant, ({ params }) =>
    deps.store.write((tx) => deleteParticipant(tx, params.id)),
  );
  return router;
}
