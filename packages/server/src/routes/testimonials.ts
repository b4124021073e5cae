/** Testimonials for the reviews carousel, as the store holds them. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function testimonialRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.testimonials, () => deps.store.testimonials());
  return router;
}
