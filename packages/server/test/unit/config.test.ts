import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  LOWDB_RUNS_ONE_PROCESS,
  PRODUCTION_NEEDS_ADMIN,
  isLoopbackHost,
  parseEnv,
  proxyCount,
  toAppConfig,
} from '../../src/config.js';
import { DEFAULT_DATA_FILE, DEFAULT_OUTBOX_DIR } from '../../src/paths.js';

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
      trustProxy: 0,
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
      trustProxy: 1,
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

  it('takes DKIM signing as three variables together, and METRICS_TOKEN long enough to guess at no sooner than a password', () => {
    const dkim = { DKIM_DOMAIN: 'example.org', DKIM_SELECTOR: 'prr2026', DKIM_PRIVATE_KEY_FILE: 'keys/dkim.pem' };
    const env = parseEnv({ ...dkim, METRICS_TOKEN: 't'.repeat(24) });
    expect(env.dkim).toEqual({ domain: 'example.org', selector: 'prr2026', privateKeyFile: resolve('keys/dkim.pem') });
    expect(toAppConfig(env, 'x'.repeat(32)).metricsToken).toBe('t'.repeat(24));
    expect(parseEnv({})).toMatchObject({ dkim: undefined, metricsToken: undefined });
    expect(() => parseEnv({ DKIM_DOMAIN: 'example.org' })).toThrow(
      /Set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE together/,
    );
    expect(() => parseEnv({ ...dkim, DKIM_DOMAIN: 'not a domain' })).toThrow(/DKIM_DOMAIN must be a domain name/);
    expect(() => parseEnv({ ...dkim, DKIM_SELECTOR: 'a b' })).toThrow(/DKIM_SELECTOR must be a DNS label/);
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 24 characters/);
  });
});

describe('the rules that keep a server safe by default', () => {
  const admin = { ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: 'correct horse battery' };

  it('NODE_ENV=production without ADMIN_EMAIL and ADMIN_PASSWORD is refused, saying so', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(PRODUCTION_NEEDS_ADMIN);
    expect(() => parseEnv({ NODE_ENV: 'production', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' })).toThrow(
      PRODUCTION_NEEDS_ADMIN,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'boss@example.org' })).toThrow(ConfigError);
    expect(parseEnv({ NODE_ENV: 'production', ...admin }).admin).toMatchObject({ email: 'boss@example.org' });
    // Outside production the demo admin is what makes a fresh clone work with no configuration.
    expect(parseEnv({}).admin).toBeUndefined();
  });

  it('outside production (NODE_ENV unset is development) the server listens on loopback only', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1']) {
      expect(parseEnv({ HOST: host }).host, host).toBe(host);
      expect(parseEnv({ NODE_ENV: 'test', HOST: host }).host, host).toBe(host);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.org', '::ffff:10.0.0.1']) {
      expect(() => parseEnv({ HOST: host }), host).toThrow(/HOST must be a loopback address/);
      expect(() => parseEnv({ NODE_ENV: 'development', HOST: host }), host).toThrow(ConfigError);
      expect(parseEnv({ NODE_ENV: 'production', HOST: host, ...admin }).host).toBe(host);
    }
    expect(isLoopbackHost('127.255.255.254')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });

  it('TRUST_PROXY is a number of proxies; true/yes still mean one and false/no none', () => {
    const cases: [string, number][] = [
      ['0', 0],
      ['1', 1],
      ['2', 2],
      ['true', 1],
      ['TRUE', 1],
      ['yes', 1],
      ['false', 0],
      ['no', 0],
      ['', 0],
    ];
    for (const [value, proxies] of cases) expect(parseEnv({ TRUST_PROXY: value }).trustProxy, value).toBe(proxies);
    for (const value of ['-1', 'maybe', '1.5', '100']) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY must be the number of reverse proxies/,
      );
    }
    expect(toAppConfig(parseEnv({ TRUST_PROXY: '2' }), 'x'.repeat(32)).trustProxy).toBe(2);
    // AppConfig still takes the older boolean, as tests and embedders pass it.
    expect([proxyCount(true), proxyCount(false), proxyCount(3)]).toEqual([1, 0, 3]);
  });
});

describe('WEB_CONCURRENCY: server processes on one port (docs/decisions/032-every-core-one-command.md)', () => {
  const DATABASE_URL = 'postgres://prr:secret@db.example.org:5432/prr';

  it('defaults to one process per core with DATABASE_URL, and to one on lowdb however many cores there are', () => {
    expect(parseEnv({ DATABASE_URL }, 4).webConcurrency).toBe(4);
    expect(parseEnv({ DATABASE_URL }, 1).webConcurrency).toBe(1);
    expect(parseEnv({ DATABASE_URL }).webConcurrency).toBe(availableParallelism());
    expect(parseEnv({}, 8).webConcurrency).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: '' }, 8).webConcurrency).toBe(1);
    expect(parseEnv({ DATABASE_URL, WEB_CONCURRENCY: '' }, 8).webConcurrency).toBe(8);
  });

  it('takes a whole number from 1 to 256, whatever the cores', () => {
    expect(parseEnv({ DATABASE_URL, WEB_CONCURRENCY: '3' }, 8).webConcurrency).toBe(3);
    expect(parseEnv({ DATABASE_URL, WEB_CONCURRENCY: '16' }, 2).webConcurrency).toBe(16);
    expect(parseEnv({ DATABASE_URL, WEB_CONCURRENCY: ' 2 ' }, 8).webConcurrency).toBe(2);
    expect(parseEnv({ WEB_CONCURRENCY: '1' }, 8).webConcurrency).toBe(1);
    for (const value of ['0', '-1', '1.5', 'two', 'auto', '257']) {
      expect(() => parseEnv({ DATABASE_URL, WEB_CONCURRENCY: value }), value).toThrow(ConfigError);
      expect(() => parseEnv({ DATABASE_URL, WEB_CONCURRENCY: value }), value).toThrow(
        'WEB_CONCURRENCY must be a whole number from 1 to 256',
      );
    }
  });

  it('refuses more than one process on lowdb, saying why and what to do', () => {
    for (const value of ['2', '8']) {
      expect(() => parseEnv({ WEB_CONCURRENCY: value }), value).toThrow(ConfigError);
      expect(() => parseEnv({ WEB_CONCURRENCY: value }), value).toThrow(LOWDB_RUNS_ONE_PROCESS);
    }
    expect(LOWDB_RUNS_ONE_PROCESS).toMatch(/needs DATABASE_URL.*unset WEB_CONCURRENCY or set it to 1/);
  });
});
