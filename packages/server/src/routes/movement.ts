/** Joining the movement and the movement's public stats. */
import Router from '@koa/router';
import { SIGN_IN_MESSAGES, api, type JoinRequest } from '@prr/contract';
import { joinMovement, movementStats, normaliseEmail } from '@prr/domain';
import type { AppContext, AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import { memberJoined } from '../http/hooks.js';
import { consume } from '../middleware/rateLimit.js';
import { startMemberSession } from './signIn.js';

/**
 * One join, whichever form sent it: the JSON API's or the home page's without script
 * (routes/joinForm.ts). Throws 429 when a limit refuses it; answers nothing either way, so the
 * caller's answer is the same whether or not the e-mail was known (no member enumeration).
 */
export async function joinFromRequest(deps: AppDeps, ctx: AppContext, body: JoinRequest): Promise<void> {
  await consume(deps.limiters.joinPerIp, ctx.ip, SIGN_IN_MESSAGES.tooManyFromNetwork);
  await consume(deps.limiters.joinPerAddress, normaliseEmail(body.email), SIGN_IN_MESSAGES.tooManyForAddress);
  const { member, created } = await deps.store.write((tx) => joinMovement(tx, body, deps.clock.now()));
  // The browser that joined is signed in; a join with an existing member's address never is.
  if (!created) return;
  await startMemberSession(deps, ctx, member);
  // E-mail hook point, after the join is durable: the welcome and first reflection. An inviter's
  // +10 waits for this member's first proof (routes/signIn.ts).
  memberJoined(deps, member);
}

export function movementRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();

  mount(router, deps, api.joinMovement, async ({ body }, ctx) => {
    await joinFromRequest(deps, ctx, body);
    return { joined: true as const };
  });

  mount(router, deps, api.movementStats, () => movementStats(deps.store));
  return router;
}
