import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, toAppConfig } from './config.js';
import { DEFAULT_DATA_FILE, DEFAULT_OUTBOX_DIR } from './paths.js';

describe('parseEnv', () => {
  it('has the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataFile: DEFAULT_DATA_FILE,
      outboxDir: DEFAULT_OUTBOX_DIR,
      admin: undefined,
      sessionSecret: undefined,
      sessionIdleMinutes: 30,
      trustProxy: false,
    });
    expect(DEFAULT_DATA_FILE.endsWith('/data/db.json')).toBe(true);
    expect(toAppConfig(env, 'x'.repeat(32))).toMatchObject({ production: false, sessionIdleMs: 30 * 60_000 });
  });

  it('reads every variable; empty values count as unset', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      ADMIN_EMAIL: 'boss@example.org',
      ADMIN_PASSWORD: 'correct horse',
      SESSION_SECRET: 's'.repeat(40),
      SESSION_IDLE_MINUTES: '10',
      SMTP_URL: 'smtp://mail.example.org:587',
      TRUST_PROXY: 'true',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      OUTBOX_DIR: '',
    });
    expect(env).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      admin: { email: 'boss@example.org', password: 'correct horse', name: 'Admin' },
      sessionIdleMinutes: 10,
      smtpUrl: 'smtp://mail.example.org:587',
      trustProxy: true,
      allowedOrigins: ['https://a.example', 'https://b.example'],
      outboxDir: DEFAULT_OUTBOX_DIR,
    });
    expect(toAppConfig(env, env.sessionSecret!).production).toBe(true);
  });

  it('refuses bad values with a readable message', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ ADMIN_EMAIL: 'boss@example.org' })).toThrow(/both ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });
});
