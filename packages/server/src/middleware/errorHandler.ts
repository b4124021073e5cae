/**
 * First middleware: every failure becomes `{ error: { code, message, fields? } }` with the
 * contract's status. Unknown errors are 500s: logged with the request id and stack, answered
 * with a generic message only.
 */
import { AppError, errorAnswer, isAppError } from '@prr/domain';
import { logSecurityEvent } from '../audit/securityLog.js';
import type { AppMiddleware } from '../http/context.js';
import { errorFields, type Logger } from '../log.js';
import { LimiterRefusal } from './rateLimit.js';

interface HttpLikeError {
  status: number;
  expose?: boolean;
  message: string;
}

function isHttpLikeError(error: unknown): error is HttpLikeError {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/** Errors thrown by Koa, the body parser or koa-send carry a status; map it to a contract code. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (isHttpLikeError(error) && error.status >= 400 && error.status < 500) {
    switch (error.status) {
      case 413:
        return new AppError('payload_too_large', 'The request body is too large', { cause: error });
      case 415:
        return new AppError('unsupported_media_type', 'Unsupported content type', { cause: error });
      case 403:
        return new AppError('forbidden', 'Forbidden', { cause: error });
      case 404:
        return new AppError('not_found', 'Not found', { cause: error });
      case 405:
        return new AppError('method_not_allowed', 'Method not allowed', { cause: error });
      default:
        return new AppError(
          'bad_request',
          // co-body marks JSON it cannot parse (or a non-object top level) as a 400 SyntaxError.
          error instanceof SyntaxError ? 'The request body is not valid JSON' : 'Bad request',
          { cause: error },
        );
    }
  }
  return new AppError('internal', 'Something went wrong on our side. Please try again.', { cause: error });
}

export function errorHandler(logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === 'internal') {
        // The route's pattern (/api/reflection-prompts/:day), not the path: paths may carry member e-mails
        // and ids, which stay out of the logs (found by test/proof/security.test.ts, log canary).
        const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        logger.error('request failed', {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: typeof route === 'string' ? route : ctx.path,
          ...errorFields(error),
        });
      }
      if (appError.code === 'rate_limited') {
        // Every refusal by a limit is a security event (docs/product/rules.md#security-events); never the key.
        const limiter = appError.cause instanceof LimiterRefusal ? appError.cause.limiter : undefined;
        logSecurityEvent(logger, ctx, 'rate-limited', { outcome: 'refused', ...(limiter ? { limiter } : {}) });
      }
      const answer = errorAnswer(appError);
      ctx.status = answer.status;
      ctx.body = answer.body;
      ctx.set('Cache-Control', 'no-store');
      for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
    }
  };
}
