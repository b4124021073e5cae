import { describe, expect, it } from 'vitest';
import { ApiErrorBody, errorBody, fieldErrors } from '../src/errors.js';
import { ParticipantRequest } from '../src/schemas.js';

describe('errorBody', () => {
  it('builds the error shape, with fields only when given', () => {
    expect(errorBody('not_found', 'Member not found')).toEqual({
      error: { code: 'not_found', message: 'Member not found' },
    });
    expect(ApiErrorBody.parse(errorBody('validation_failed', 'Invalid request', { name: ['Too short'] }))).toEqual({
      error: { code: 'validation_failed', message: 'Invalid request', fields: { name: ['Too short'] } },
    });
  });
});

describe('fieldErrors', () => {
  it('maps each field to its documented messages', () => {
    const result = ParticipantRequest.safeParse({ name: 'R', email: 'x', state: '', zipCode: '1' });
    expect(result.success).toBe(false);
    expect(result.error && fieldErrors(result.error)).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Invalid email address'],
      state: ['State is required'],
      zipCode: ['Zip code must be at least 5 characters'],
    });
  });

  it("files problems with the whole value under '_'", () => {
    const result = ParticipantRequest.safeParse(undefined);
    expect(result.error && Object.keys(fieldErrors(result.error))).toEqual(['_']);
  });
});
