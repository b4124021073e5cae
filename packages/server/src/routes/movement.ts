/** Joining the movement and the movement's public stats. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { movementStats } from '../domain/map.js';
import { joinMovement } from '../domain/members.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import { errorFields } from '../log.js';

export function movementRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();

  mount(router, deps, api.joinMovement, async ({ body }) => {
    const { member, created } = await deps.store.write((tx) => joinMovement(tx, body, deps.clock.now()));
    if (created && deps.hooks.memberJoined) {
      // E-mail hook point (welcome + first reflection): after the join is durable, never blocking the answer.
      Promise.resolve()
        .then(() => deps.hooks.memberJoined?.(member))
        .catch((error: unknown) => deps.logger.error('memberJoined hook failed', { memberId: member.id, ...errorFields(error) }));
    }
    // The same answer whether or not the e-mail was known: no member enumeration.
    return { joined: true as const };
  });

  mount(router, deps, api.movementStats, () => movementStats(deps.store));
  return router;
}
