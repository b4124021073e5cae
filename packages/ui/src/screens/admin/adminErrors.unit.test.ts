import { errorBody, HttpError } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { fieldMessages, isUnauthorized, messageOr } from './adminErrors';

const httpError = (status: number, body: unknown) => new HttpError(status, 'Status', JSON.stringify(body));

describe('messageOr', () => {
  it("uses the server's message when the body has one", () => {
    expect(
      messageOr(httpError(409, errorBody('conflict', 'A participant with this email already exists')), 'Fallback'),
    ).toBe('A participant with this email already exists');
  });

  it('falls back when the body is not the error shape, or the error is not HTTP', () => {
    expect(messageOr(new HttpError(502, 'Bad Gateway', '<html>'), 'Invalid credentials')).toBe('Invalid credentials');
    expect(messageOr(new TypeError('Failed to fetch'), 'Failed to add participant')).toBe('Failed to add participant');
  });
});

describe('isUnauthorized', () => {
  it('is true for a 401 only', () => {
    expect(isUnauthorized(httpError(401, errorBody('unauthenticated', 'Sign in')))).toBe(true);
    expect(isUnauthorized(httpError(403, errorBody('forbidden', 'No')))).toBe(false);
    expect(isUnauthorized(new Error('401: nope'))).toBe(false);
  });
});

describe('fieldMessages', () => {
  it("keeps the first message of each of the form's fields", () => {
    const error = httpError(
      400,
      errorBody('validation_failed', 'Invalid request', { state: ['Unknown state', 'Second'], other: ['Ignored'] }),
    );
    expect(fieldMessages(error, ['name', 'state'] as const)).toEqual([['state', 'Unknown state']]);
  });

  it('is empty without field errors', () => {
    expect(fieldMessages(new Error('x'), ['name'] as const)).toEqual([]);
  });
});
