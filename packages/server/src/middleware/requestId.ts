/** A request id on every request and response, to find a 500's log line from a user's report. */
import { randomUUID } from 'node:crypto';
import type { AppMiddleware } from '../http/context.js';

/** A proxy's id is kept only when it looks like an id (no header or log injection). */
const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestId(): AppMiddleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
