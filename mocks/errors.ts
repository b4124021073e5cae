/**
 * Errors a mock resolver throws to answer DESIGN.md's error shape. The generic handler
 * (contractHandler.ts) turns them into `{ error: { code, message, fields? } }` with the status of
 * the code, so no resolver builds an error response by hand.
 */
import { ERROR_CODES, type ErrorCode } from '@prr/contract';

export class ApiFailure extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiFailure';
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export function fail(code: ErrorCode, message: string, fields?: Record<string, string[]>): never {
  throw new ApiFailure(code, message, fields);
}

/** 400 for one field, the same shape zod issues produce. */
export function failField(field: string, message: string): never {
  return fail('validation_failed', 'Invalid request', { [field]: [message] });
}

/** The first error code for a status, so `failing(route, 503)` answers a code that matches it. */
export function codeForStatus(status: number): ErrorCode {
  const match = (Object.keys(ERROR_CODES) as ErrorCode[]).find((code) => ERROR_CODES[code] === status);
  return match ?? (status >= 500 ? 'internal' : 'bad_request');
}
