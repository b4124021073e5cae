/** The daily reflection prompt: 404 outside the experiment's 90 days. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { requirePrompt } from '@prr/domain';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function promptRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.reflectionPrompt, ({ params }) => requirePrompt(params.day));
  return router;
}
