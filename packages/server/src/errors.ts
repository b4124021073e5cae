/**
 * Errors as values with a contract code. Handlers and domain functions throw an AppError; the
 * error middleware is the only place that turns one into an HTTP answer, so statuses and
 * messages never drift between routes.
 */
import { ERROR_CODES, type ErrorCode } from '@prr/contract';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  /** Extra response headers, e.g. Retry-After on 429 or Allow on 405. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string[]>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export const notFound = (message: string): AppError => new AppError('not_found', message);

/** A 400 on one field, in the same shape as the zod-derived validation errors. */
export const fieldError = (field: string, message: string): AppError =>
  new AppError('validation_failed', 'Validation failed', { fields: { [field]: [message] } });

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
