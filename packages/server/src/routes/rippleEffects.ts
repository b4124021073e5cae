/** Weekly ripple-effect records: list (newest week first) and record (201). */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { listRippleEffects, recordRippleEffect } from '../domain/rippleEffects.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function rippleEffectRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.rippleEffects, ({ params }) => listRippleEffects(deps.store, params.memberId));
  mount(router, deps, api.recordRippleEffect, ({ body }) =>
    deps.store.write((tx) => recordRippleEffect(tx, body, deps.clock.now())),
  );
  return router;
}
