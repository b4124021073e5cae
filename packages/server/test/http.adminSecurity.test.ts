/**
 * The admin area's safety rules over real HTTP (docs/decisions/014-admin-account.md): production
 * needs a configured admin and never offers the demo credentials, development listens on loopback
 * only, sessions end 12 hours after login, the `__Host-` cookie in production, the password
 * change, the per-account back-off, the client IP behind proxies and per IPv6 /64, and the
 * outbox's file modes.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminPasswordChange, DEMO_ADMIN, api } from '@prr/contract';
import { ADMIN_SESSION_MAX_MS } from '../src/auth/sessions.js';
import { PRODUCTION_NEEDS_ADMIN } from '../src/config.js';
import { OutboxMailer } from '../src/mail/transports.js';
import { call, sessionCookieFrom, startTestServer, testRateLimits, type Answer, type TestServer } from './helpers.js';
import { killAllServers, sleep, startBin } from './proof/support.js';
import { enrolTotp, passwordStep } from './adminSignIn.js';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const BOSS = { email: 'boss@example.org', password: 'a-very-long-passphrase', name: 'Boss' };
const NEW_PASSWORD = 'another-long-passphrase';

function login(s: TestServer, email: string, password: string, headers: Record<string, string> = {}) {
  return call<ErrorAnswer>(s.baseUrl, 'POST', api.adminLogin.path, { body: { email, password }, headers });
}

async function signedIn(s: TestServer, email: string, password: string): Promise<string> {
  const answer = await login(s, email, password);
  const cookie = sessionCookieFrom(answer);
  if (answer.status !== 200 || !cookie) throw new Error(`login answered ${answer.status}: ${answer.text}`);
  return cookie;
}

const sessionStatus = async (s: TestServer, cookie: string): Promise<number> =>
  (await call(s.baseUrl, 'GET', api.adminSession.path, { cookie })).status;

function changePassword(s: TestServer, cookie: string, currentPassword: string, newPassword: string) {
  return call<ErrorAnswer & { changed?: true }>(s.baseUrl, 'POST', api.changeAdminPassword.path, {
    cookie,
    body: { currentPassword, newPassword },
  });
}

const retryAfter = (answer: Answer): number => Number(answer.headers.get('retry-after'));

describe('starting the real server (bin.ts)', () => {
  const dirs: string[] = [];
  const dataFile = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prr-admin-security-'));
    dirs.push(dir);
    return join(dir, 'db.json');
  };
  afterEach(() => killAllServers());
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('NODE_ENV=production without ADMIN_EMAIL and ADMIN_PASSWORD refuses to start, saying why', async () => {
    const refused = await startBin({ dataFile: await dataFile(), env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } }).then(
      () => new Error('the server started in production without an admin'),
      (error: unknown) => error as Error,
    );
    expect(refused.message).toContain('server exited (1) before listening');
    expect(refused.message).toContain(PRODUCTION_NEEDS_ADMIN);
  });

  it('with no NODE_ENV (development) it listens on loopback with the demo admin, and refuses HOST=0.0.0.0', async () => {
    const fresh = await startBin({
      dataFile: await dataFile(),
      env: { NODE_ENV: '', HOST: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    });
    expect(new URL(fresh.baseUrl).hostname).toBe('127.0.0.1');
    const info = await fetch(fresh.baseUrl + api.adminLoginInfo.path);
    expect(await info.json()).toEqual({ demoCredentials: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    fresh.child.kill('SIGTERM');
    await fresh.exited;

    const refused = await startBin({ dataFile: await dataFile(), env: { NODE_ENV: '', HOST: '0.0.0.0' } }).then(
      () => new Error('a development server listened on every interface'),
      (error: unknown) => error as Error,
    );
    expect(refused.message).toContain('server exited (1) before listening');
    expect(refused.message).toMatch(/HOST must be a loopback address .* unless NODE_ENV=production/);
  });
});

describe('production', () => {
  let s: TestServer;
  beforeAll(async () => {
    // No admin configured: the store holds the demo admin with its published password.
    s = await startTestServer({ config: { production: true } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('never sends the demo credentials, even while the stored admin is the demo admin', async () => {
    const info = await call(s.baseUrl, 'GET', api.adminLoginInfo.path);
    expect(info.body).toEqual({ demoCredentials: null });
  });

  it('the session cookie is __Host-prr_admin: Secure, Path=/, no Domain; the plain name is not read', async () => {
    // Production asks a second factor: the session cookie comes with its enrolment (decision 027).
    const { answer } = await enrolTotp(s, (await passwordStep(s)).cookie);
    const setCookie = answer.headers.getSetCookie().find((c) => c.startsWith('__Host-prr_admin='));
    expect(setCookie).toMatch(/^__Host-prr_admin=[A-Za-z0-9_-]{43}; /);
    const attributes = setCookie!.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'Secure', 'HttpOnly', 'SameSite=Lax']));
    expect(attributes.some((a) => a.toLowerCase().startsWith('domain='))).toBe(false);

    const cookie = sessionCookieFrom(answer)!;
    expect(await sessionStatus(s, cookie)).toBe(200);
    // The same id under the unprefixed name (which a sibling subdomain could have set) is no session.
    expect(await sessionStatus(s, cookie.replace(/^__Host-/, ''))).toBe(401);

    const out = await call(s.baseUrl, 'POST', api.adminLogout.path, { cookie });
    expect(out.headers.getSetCookie()[0]).toMatch(/^__Host-prr_admin=; Path=\/; .*Secure; Max-Age=0/);
    expect(await sessionStatus(s, cookie)).toBe(401);
  });
});

describe('sessions', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ admin: BOSS });
  });
  afterAll(async () => {
    await s.close();
  });

  it('end 12 hours after login however busy they are, besides the idle expiry', async () => {
    expect(ADMIN_SESSION_MAX_MS).toBe(12 * 60 * 60_000);
    const cookie = await signedIn(s, BOSS.email, BOSS.password);
    // In use every 10 minutes (well within the 30-minute idle expiry) up to 11 h 59 min.
    for (let elapsed = 10; elapsed < 12 * 60; elapsed += 10) {
      s.clock.advance(10 * 60_000);
      expect(await sessionStatus(s, cookie), `${elapsed} min after login`).toBe(200);
    }
    s.clock.advance(9 * 60_000);
    expect(await sessionStatus(s, cookie), '11 h 59 min after login').toBe(200);
    s.clock.advance(2 * 60_000);
    const expired = await call<ErrorAnswer>(s.baseUrl, 'GET', api.adminStats.path, { cookie });
    expect(expired.status, '12 h 1 min after login').toBe(401);
    expect(expired.body.error.code).toBe('unauthenticated');
    // Gone for good, and a new login starts a new 12 hours.
    expect(await sessionStatus(s, cookie)).toBe(401);
    expect(await sessionStatus(s, await signedIn(s, BOSS.email, BOSS.password))).toBe(200);
  });
});

describe('the password change', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { rateLimits: testRateLimits({ login: { points: 3, duration: 900 } }) } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('refuses a wrong current password and a short new one with field messages; changes nothing', async () => {
    const cookie = await signedIn(s, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const wrong = await changePassword(s, cookie, 'not-the-password', NEW_PASSWORD);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { currentPassword: ['Current password is incorrect'] },
    });

    const short = { currentPassword: DEMO_ADMIN.password, newPassword: 'too-short' };
    const contractMessage = AdminPasswordChange.safeParse(short).error?.issues[0]?.message;
    expect(contractMessage).toMatch(/at least 12 characters/);
    const tooShort = await changePassword(s, cookie, short.currentPassword, short.newPassword);
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { newPassword: [contractMessage] },
    });

    expect(await sessionStatus(s, cookie)).toBe(200);
    expect((await login(s, DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  });

  it('wrong current passwords meet the login limit (429 with Retry-After)', async () => {
    const other = await startTestServer({
      admin: BOSS,
      config: { rateLimits: testRateLimits({ login: { points: 3, duration: 900 } }) },
    });
    try {
      const cookie = await signedIn(other, BOSS.email, BOSS.password);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push((await changePassword(other, cookie, `guess-${i}`, NEW_PASSWORD)).status);
      const limited = await changePassword(other, cookie, BOSS.password, NEW_PASSWORD);
      expect([...statuses, limited.status]).toEqual([400, 400, 400, 429]);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(retryAfter(limited)).toBeGreaterThan(0);
      // Nothing changed: the old password still signs in (from this IP the limit still holds).
      expect((await login(other, BOSS.email, BOSS.password)).status).toBe(429);
      expect(await sessionStatus(other, cookie)).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('signs out every other session, keeps this browser signed in under a new id, and the new password is the one', async () => {
    const here = await signedIn(s, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const elsewhere = await signedIn(s, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const changed = await changePassword(s, here, DEMO_ADMIN.password, NEW_PASSWORD);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ changed: true });
    const renewed = sessionCookieFrom(changed);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(here);

    expect(await sessionStatus(s, elsewhere)).toBe(401);
    expect(await sessionStatus(s, here)).toBe(401);
    expect(await sessionStatus(s, renewed!)).toBe(200);

    expect((await login(s, DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(401);
    expect((await login(s, DEMO_ADMIN.email, NEW_PASSWORD)).status).toBe(200);
    // The demo password no longer works, so the login screen stops showing it.
    expect((await call(s.baseUrl, 'GET', api.adminLoginInfo.path)).body).toEqual({ demoCredentials: null });
  });

  it('a password changed in the admin area survives restarts with the same ADMIN_PASSWORD; a new ADMIN_PASSWORD resets it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prr-admin-restart-'));
    try {
      const first = await startTestServer({ dir, admin: BOSS });
      const cookie = await signedIn(first, BOSS.email, BOSS.password);
      expect((await changePassword(first, cookie, BOSS.password, NEW_PASSWORD)).status).toBe(200);
      await first.close();

      // The same variables, and a new display name: the changed password is kept.
      const second = await startTestServer({ dir, admin: { ...BOSS, name: 'The Boss' } });
      try {
        expect((await login(second, BOSS.email, BOSS.password)).status).toBe(401);
        const ok = await login(second, BOSS.email, NEW_PASSWORD);
        expect(ok.status).toBe(200);
        expect(ok.body).toMatchObject({ admin: { name: 'The Boss', email: BOSS.email } });
      } finally {
        await second.close();
      }

      // The operator sets a new ADMIN_PASSWORD (e.g. the changed one was forgotten): it wins.
      const reset = { ...BOSS, password: 'a-reset-long-passphrase' };
      const third = await startTestServer({ dir, admin: reset });
      try {
        expect((await login(third, BOSS.email, NEW_PASSWORD)).status).toBe(401);
        expect((await login(third, BOSS.email, reset.password)).status).toBe(200);
      } finally {
        await third.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('login back-off per account', () => {
  it('after the free failures the account takes one attempt per doubling window, from whatever IP', async () => {
    const s = await startTestServer({
      admin: BOSS,
      config: {
        trustProxy: 1,
        rateLimits: testRateLimits({ loginPerAccount: { points: 3, duration: 3600 } }),
      },
    });
    let ip = 0;
    // Every attempt from a new address: the per-IP limits never see the same client twice.
    const attempt = (email: string, password: string) =>
      login(s, email, password, { 'X-Forwarded-For': `198.51.100.${(ip += 1)}` });
    try {
      const free = [];
      for (let i = 0; i < 3; i += 1) free.push((await attempt(BOSS.email, `guess-${i}`)).status);
      expect(free).toEqual([401, 401, 401]);
      // The fourth failure opens a 1-second window: nothing else is tried on this account in it,
      // not even the right password.
      expect((await attempt(BOSS.email, 'guess-3')).status).toBe(401);
      // The account is the e-mail in any case.
      const waiting = await attempt(BOSS.email.toUpperCase(), BOSS.password);
      expect(waiting.status).toBe(429);
      expect(waiting.body.error.code).toBe('rate_limited');
      expect(retryAfter(waiting)).toBe(1);
      // Another account is not held back.
      expect((await attempt('someone@example.org', 'guess-123')).status).toBe(401);

      await sleep(1100);
      expect((await attempt(BOSS.email, 'guess-4')).status).toBe(401);
      const longer = await attempt(BOSS.email, BOSS.password);
      expect(longer.status).toBe(429);
      expect(retryAfter(longer), 'the window doubled').toBe(2);

      await sleep(2100);
      expect((await attempt(BOSS.email, BOSS.password)).status).toBe(200);
      // A success forgets the failures: the free ones are free again.
      for (let i = 0; i < 3; i += 1) expect((await attempt(BOSS.email, `again-${i}`)).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});

describe('the client IP', () => {
  const limited = { loginPerIp: { points: 3, duration: 900 } };

  const cases: { trustProxy: boolean | number; header: (forged: string) => string }[] = [
    { trustProxy: 1, header: (forged) => `${forged}, 203.0.113.7` },
    { trustProxy: true, header: (forged) => `${forged}, 203.0.113.7` },
    { trustProxy: 2, header: (forged) => `${forged}, 203.0.113.7, 10.0.0.2` },
  ];
  for (const { trustProxy, header } of cases) {
    it(`TRUST_PROXY=${String(trustProxy)}: a forged left-most X-Forwarded-For does not escape the per-IP limit`, async () => {
      const s = await startTestServer({ admin: BOSS, config: { trustProxy, rateLimits: testRateLimits(limited) } });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i += 1) {
          const forged = `192.0.2.${i}, 2001:db8::${i}`;
          statuses.push(
            (await login(s, `sprayed${i}@example.org`, 'guess-123', { 'X-Forwarded-For': header(forged) })).status,
          );
        }
        expect(statuses).toEqual([401, 401, 401, 429]);
        // Another client behind the same proxies has its own limit.
        const other = header('192.0.2.99').replace('203.0.113.7', '203.0.113.8');
        expect((await login(s, 'x@example.org', 'guess-123', { 'X-Forwarded-For': other })).status).toBe(401);
      } finally {
        await s.close();
      }
    });
  }

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the socket address is the client', async () => {
    const s = await startTestServer({ admin: BOSS, config: { rateLimits: testRateLimits(limited) } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (await login(s, `sprayed${i}@example.org`, 'guess-123', { 'X-Forwarded-For': `203.0.113.${i}` })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await s.close();
    }
  });

  it('IPv6 clients are limited per /64; an IPv4-mapped address counts as the IPv4 one', async () => {
    const s = await startTestServer({
      admin: BOSS,
      config: {
        trustProxy: 1,
        rateLimits: testRateLimits({ ...limited, signInPerIp: { points: 2, duration: 900 } }),
      },
    });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    try {
      const sameNetwork = [
        '2001:db8:1:2::1',
        '2001:db8:1:2::2',
        '2001:DB8:1:2:ffff:ffff:ffff:fffe',
        '2001:db8:1:2:abcd::9',
      ];
      const statuses = [];
      for (const address of sameNetwork)
        statuses.push((await login(s, 'x@example.org', 'guess-123', from(address))).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await login(s, 'x@example.org', 'guess-123', from('2001:db8:1:3::1'))).status, 'the next /64').toBe(401);

      const mapped = [];
      for (const address of ['::ffff:198.51.100.20', '::ffff:198.51.100.20', '198.51.100.20', '::ffff:c633:6414']) {
        mapped.push((await login(s, 'y@example.org', 'guess-123', from(address))).status);
      }
      expect(mapped).toEqual([401, 401, 401, 429]);

      // The rule holds for every per-IP limit, e.g. the member sign-in e-mails.
      const requestSignIn = (address: string) =>
        call(s.baseUrl, 'POST', api.requestSignIn.path, {
          body: { email: 'nobody@example.org' },
          headers: from(address),
        });
      const signIns = [];
      for (const address of ['2001:db8:9:9::1', '2001:db8:9:9::2', '2001:db8:9:9::3']) {
        signIns.push((await requestSignIn(address)).status);
      }
      expect(signIns).toEqual([404, 404, 429]);
    } finally {
      await s.close();
    }
  });
});

describe('the outbox', () => {
  it('creates its folders and files readable by their owner only (0700 and 0600)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prr-outbox-mode-'));
    try {
      const outbox = join(dir, 'data', 'outbox');
      const mailer = new OutboxMailer(outbox, 'PRR <hello@example.org>');
      await mailer.send({ to: 'grace@example.org', subject: 'Hello', text: 'Hello', kind: 'welcome' });
      expect((await stat(join(dir, 'data'))).mode & 0o777).toBe(0o700);
      expect((await stat(outbox)).mode & 0o777).toBe(0o700);
      const [file] = await readdir(outbox);
      expect((await stat(join(outbox, file!))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
