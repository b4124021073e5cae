/** The unsubscribe link's endpoint (the member's own settings are in me.ts). */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { unsubscribe } from '@prr/domain';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import { verifyUnsubscribeToken } from '../auth/emailLinkTokens.js';

export function emailRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.unsubscribe, ({ body }) => {
    const memberId = verifyUnsubscribeToken(body.token, deps.config.sessionSecret);
    return deps.store.write((tx) => unsubscribe(tx, memberId));
  });
  return router;
}
