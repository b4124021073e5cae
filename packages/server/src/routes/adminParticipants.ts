/** The admin's participants: the list, adding, correcting, deactivating and deleting one. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import {
  addParticipant,
  adminMemberPage,
  adminStats,
  deleteParticipant,
  setParticipantStatus,
  updateParticipant,
} from '@prr/domain';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function adminParticipantRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.adminStats, () => adminStats(deps.store));
  mount(router, deps, api.adminMembers, ({ query }) => adminMemberPage(deps.store, query));
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
