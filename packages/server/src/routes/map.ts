/** The public participation map table. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { mapStates } from '@prr/domain';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function mapRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.mapStates, () => mapStates(deps.store));
  return router;
}
