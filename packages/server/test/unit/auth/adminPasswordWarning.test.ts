import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../src/config.js';
import { weakAdminPasswordWarning } from '../../../src/auth/adminPasswordWarning.js';

const production = (password: string) =>
  parseEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'organiser@example.org', ADMIN_PASSWORD: password });

describe('weakAdminPasswordWarning', () => {
  it('warns about a guessable ADMIN_PASSWORD in production, without repeating it', () => {
    const warning = weakAdminPasswordWarning(production('aaaaaaaaaaaa'));
    expect(warning).toMatch(/^ADMIN_PASSWORD is easy to guess: This password is too easy to guess\./);
    expect(warning).not.toContain('aaaaaaaaaaaa');
    expect(weakAdminPasswordWarning(production('peacemaker'))).toMatch(/at least 12 characters\. Set a stronger/);
  });

  it('says nothing about a strong one, nor outside production', () => {
    expect(weakAdminPasswordWarning(production('quiet-river-morning-lantern'))).toBeUndefined();
    expect(
      weakAdminPasswordWarning(
        parseEnv({ NODE_ENV: 'development', ADMIN_EMAIL: 'organiser@example.org', ADMIN_PASSWORD: 'aaaaaaaaaaaa' }),
      ),
    ).toBeUndefined();
  });
});
