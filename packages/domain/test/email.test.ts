import { describe, expect, it } from 'vitest';
import { normaliseEmail, sameEmail, storedEmail } from '../src/email.js';
import { newMember } from '../src/members.js';

describe('e-mail addresses', () => {
  it('compare trimmed and case-insensitively', () => {
    expect(normaliseEmail('  Ann.Lee@Example.ORG ')).toBe('ann.lee@example.org');
    expect(sameEmail('Ann.Lee@Example.org', ' ann.lee@example.ORG')).toBe(true);
    expect(sameEmail('ann@example.org', 'anne@example.org')).toBe(false);
  });

  it('are stored as typed, trimmed: a new member keeps their own spelling', () => {
    expect(storedEmail('  Ann.Lee@Example.org ')).toBe('Ann.Lee@Example.org');
    const member = newMember(
      { name: 'Ann', email: ' Ann.Lee@Example.org ', zipCode: '10001', state: 'New York' },
      new Date(),
    );
    expect(member.email).toBe('Ann.Lee@Example.org');
  });
});
