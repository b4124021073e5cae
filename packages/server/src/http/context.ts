/** Koa's context and middleware types with this app's state. */
import type Koa from 'koa';
import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { StoredAdmin } from '../store/schema.js';

export interface AppState {
  requestId: string;
  /** Set by requireAdmin. */
  admin?: StoredAdmin;
  sessionId?: string;
  /** Set by requireMember: the signed-in member and their session's id. */
  memberId?: string;
  memberSessionId?: string;
  /** Set by validate(route): the parsed params, query and body. Read through `inputOf`. */
  input?: { params: unknown; query: unknown; body: unknown };
}

export type AppContext = Koa.ParameterizedContext<AppState>;
export type AppMiddleware = Koa.Middleware<AppState>;
export type AppKoa = Koa<AppState>;
/** Inside a router: the context also carries the matched route's `params`. */
export type RouteContext = RouterContext<AppState>;
export type RouteMiddleware = RouterMiddleware<AppState>;
