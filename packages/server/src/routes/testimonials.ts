/** Testimonials for the reviews carousel: the approved stories of members, then the site's own (publicTestimonials). */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { publicTestimonials } from '@prr/domain';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function testimonialRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.testimonials, async () => publicTestimonials(deps.store, await deps.store.testimonials()));
  return router;
}
