import { errorBody, HttpError, SIGN_IN_MESSAGES } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { fieldMessage, isRateLimited, rateLimitMessage } from './signInErrors';

const httpError = (status: number, body: unknown) => new HttpError(status, 'Status', JSON.stringify(body));

describe('fieldMessage', () => {
  it("reads the first message of one field of the server's answer", () => {
    const error = httpError(
      400,
      errorBody('validation_failed', 'Invalid request', { code: [SIGN_IN_MESSAGES.wrongCode, 'Second'] }),
    );
    expect(fieldMessage(error, 'code')).toBe(SIGN_IN_MESSAGES.wrongCode);
    expect(fieldMessage(error, 'token')).toBeUndefined();
  });

  it('is undefined for an answer without fields, and for an error that is not HTTP', () => {
    expect(fieldMessage(httpError(500, errorBody('internal', 'Oops')), 'code')).toBeUndefined();
    expect(fieldMessage(new TypeError('Failed to fetch'), 'code')).toBeUndefined();
  });
});

describe('rate limits', () => {
  it("are 429s, told in the server's words", () => {
    const error = httpError(429, errorBody('rate_limited', SIGN_IN_MESSAGES.tooManyForAddress));
    expect(isRateLimited(error)).toBe(true);
    expect(rateLimitMessage(error)).toBe(SIGN_IN_MESSAGES.tooManyForAddress);
    expect(isRateLimited(httpError(404, errorBody('not_found', 'Member not found')))).toBe(false);
  });

  it('fall back to the network message when the 429 has no message of ours', () => {
    expect(rateLimitMessage(new HttpError(429, 'Too Many Requests', ''))).toBe(SIGN_IN_MESSAGES.tooManyFromNetwork);
  });
});
