import { describe, expect, it } from 'vitest';
import { ApiErrorBody } from '@prr/contract';
import {
  AppError,
  VALIDATION_MESSAGES,
  conflict,
  errorAnswer,
  fieldError,
  invalidInput,
  isAppError,
  notFound,
  rateLimited,
} from '../src/errors.js';

describe('error values', () => {
  it('answer the contract status and error shape', () => {
    const answer = errorAnswer(notFound('Member not found'));
    expect(answer).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'Member not found' } },
      headers: {},
    });
    expect(ApiErrorBody.parse(answer.body)).toEqual(answer.body);
  });

  it('give a 400 validation_failed the message of what refused it, the fields saying what is wrong', () => {
    expect(errorAnswer(fieldError('day', 'Too late')).body).toEqual({
      error: { code: 'validation_failed', message: 'Validation failed', fields: { day: ['Too late'] } },
    });
    expect(errorAnswer(invalidInput('body', { a: ['x'], b: ['y'] })).body).toEqual({
      error: { code: 'validation_failed', message: 'Invalid request body', fields: { a: ['x'], b: ['y'] } },
    });
    expect(invalidInput('path', { day: ['x'] }).message).toBe(VALIDATION_MESSAGES.path);
  });

  it('name the field of a conflict', () => {
    expect(errorAnswer(conflict('email', 'Taken'))).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: 'Taken', fields: { email: ['Taken'] } } },
    });
  });

  it('say when to try again on a 429, in whole seconds and at least 1', () => {
    expect(errorAnswer(rateLimited('Slow down', 61_001))).toMatchObject({
      status: 429,
      headers: { 'Retry-After': '62' },
    });
    expect(rateLimited('Slow down', 0).headers).toEqual({ 'Retry-After': '1' });
  });

  it('are recognised as AppErrors, keeping a cause', () => {
    const cause = new Error('disk full');
    const error = new AppError('unavailable', 'Try again', { cause });
    expect(isAppError(error)).toBe(true);
    expect(isAppError(cause)).toBe(false);
    expect(error.cause).toBe(cause);
    expect(error.status).toBe(503);
  });
});
