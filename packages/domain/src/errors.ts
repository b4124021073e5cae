/**
 * Errors as values with a contract code. The rules throw an AppError; the server's error
 * middleware and the mocks' contract handler are the only places that turn one into an HTTP
 * answer (`errorAnswer`), so statuses, messages and headers never drift between the two.
 */
import { ERROR_CODES, errorBody, type ApiErrorBody, type ErrorCode } from '@prr/contract';

export interface AppErrorOptions {
  fields?: Record<string, string[]>;
  /** Extra response headers, e.g. Retry-After on 429 or Allow on 405. */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
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

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * The `message` of a 400 `validation_failed`, one per kind of refusal: input its schema refuses
 * names the part refused (body or path); a rule the input breaks beyond its shape (a day not
 * reached yet, a wrong code, an unknown state) says 'Validation failed'. The fields always say
 * what to fix.
 */
export const VALIDATION_MESSAGES = {
  body: 'Invalid request body',
  path: 'Invalid path',
  query: 'Invalid query',
  rule: 'Validation failed',
} as const;

/** A 400 for input its schema refuses: `fields` as the contract's `fieldErrors` gives them. */
export const invalidInput = (part: 'body' | 'path' | 'query', fields: Record<string, string[]>): AppError =>
  new AppError('validation_failed', VALIDATION_MESSAGES[part], { fields });

/** A 400 for a rule the input breaks, on one field. */
export const fieldError = (field: string, message: string): AppError =>
  new AppError('validation_failed', VALIDATION_MESSAGES.rule, { fields: { [field]: [message] } });

/** The admin's password change refused: the current password given is not theirs (400 on that field). */
export const wrongCurrentPassword = (): AppError => fieldError('currentPassword', 'Current password is incorrect');

export const notFound = (message: string): AppError => new AppError('not_found', message);

/** A 409 that also names the field the form should mark. */
export const conflict = (field: string, message: string): AppError =>
  new AppError('conflict', message, { fields: { [field]: [message] } });

/** A 429 that says when to try again (Retry-After, whole seconds, at least 1). */
export const rateLimited = (message: string, retryAfterMs: number): AppError =>
  new AppError('rate_limited', message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });

export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/** What an AppError answers over HTTP: the contract's status and error shape, plus its headers. */
export function errorAnswer(error: AppError): ErrorAnswer {
  return {
    status: error.status,
    body: errorBody(error.code, error.message, error.fields),
    headers: { ...error.headers },
  };
}
