/** A member's reflections: the list, and saving today's (or an earlier day's) reflection. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { listReflections, saveReflection } from '../domain/reflections.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function reflectionRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.reflections, ({ params }) => listReflections(deps.store, params.memberId));
  mount(router, deps, api.saveReflection, ({ body }) =>
    deps.store.write((tx) => saveReflection(tx, body, deps.clock.now())),
  );
  return router;
}
