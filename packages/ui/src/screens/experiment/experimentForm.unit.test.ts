import { describe, expect, it } from 'vitest';
import { emailProblem, INITIAL_EXPERIMENT_FORM, JOIN_FIELD_STEPS, joinPayload } from './experimentForm';

describe('the experiment form', () => {
  it("checks the e-mail by the contract's rule, surrounding spaces allowed", () => {
    expect(emailProblem('maya@example.com')).toBeUndefined();
    expect(emailProblem('  maya@example.com ')).toBeUndefined();
    expect(emailProblem('maya-at-example')).toBe('Invalid email address');
    expect(emailProblem('maya@')).toBe('Invalid email address');
  });

  it('knows the step of each field the server checks', () => {
    expect(JOIN_FIELD_STEPS).toEqual({ name: 1, email: 1, zipCode: 2 });
  });

  it('sends the typed fields trimmed, with the join context, and never the local ones', () => {
    const form = { ...INITIAL_EXPERIMENT_FORM, name: ' Maya ', email: 'm@example.com ', zipCode: '97214', hopes: 'x' };
    expect(joinPayload(form)).toEqual({ name: 'Maya', email: 'm@example.com', zipCode: '97214' });
    expect(joinPayload(form, { timezone: 'Europe/Paris', invite: 'abc' })).toEqual({
      name: 'Maya',
      email: 'm@example.com',
      zipCode: '97214',
      timezone: 'Europe/Paris',
      invite: 'abc',
    });
  });
});
