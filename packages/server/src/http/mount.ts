/**
 * Mounts one route of the contract's table: method, path, success status and auth all come from
 * the table, so a path is never typed twice. Handlers receive parsed, typed input and return the
 * response value.
 */
import type Router from '@koa/router';
import type { ResponseOf, RouteDef } from '@prr/contract';
import { requireAdmin } from '../middleware/requireAdmin.js';
import { requireMember } from '../middleware/requireMember.js';
import { inputOf, validate, type RouteInput } from '../middleware/validate.js';
import type { AppMiddleware, AppState, RouteContext, RouteMiddleware } from './context.js';
import type { AppDeps } from './deps.js';

export type Handler<R extends RouteDef> = (
  input: RouteInput<R>,
  ctx: RouteContext,
) => Promise<ResponseOf<R>> | ResponseOf<R>;

export interface MountOptions {
  /** Runs after the auth guard and before validation (e.g. a rate limit). */
  before?: AppMiddleware[];
}

export function mount<R extends RouteDef>(
  router: Router<AppState>,
  deps: Pick<AppDeps, 'sessions' | 'memberSessions' | 'memberCookie' | 'adminAuth' | 'logger'>,
  route: R,
  handler: Handler<R>,
  options: MountOptions = {},
): void {
  const stack: RouteMiddleware[] = [];
  if (route.auth === 'admin') stack.push(requireAdmin(deps.sessions, deps.adminAuth, deps.logger));
  if (route.auth === 'member') stack.push(requireMember(deps.memberSessions, deps.memberCookie));
  stack.push(...(options.before ?? []), validate(route));
  stack.push(async (ctx) => {
    const result = await handler(inputOf(ctx, route), ctx);
    ctx.status = route.status;
    ctx.body = result;
  });
  router.register(route.path, [route.method], stack);
}
