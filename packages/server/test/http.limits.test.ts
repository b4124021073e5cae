/**
 * The limits that keep the site from mailing strangers and from locking owners out
 * (docs/decisions/026-limits-and-defaults.md), over real HTTP on the test store: sign-in e-mails
 * per address in 15 minutes and per day, wrong codes per network (so one network cannot keep
 * voiding an owner's codes), joins per network at the default, counters that survive a restart,
 * and a `rate-limited` log line for each refusal that never names the address.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  JOINS_PER_IP_PER_HOUR,
  SIGN_IN_EMAILS_PER_ADDRESS_PER_DAY,
  SIGN_IN_MESSAGES,
  SIGN_IN_MINUTES,
  WRONG_CODES_PER_NETWORK_PER_DAY,
  api,
} from '@prr/contract';
import { DEFAULT_RATE_LIMITS, parseEnv, toAppConfig, type AppConfig } from '../src/config.js';
import type { Logger } from '../src/log.js';
import {
  TEST_SECRET,
  call,
  capturingLogger,
  startTestServer,
  testRateLimits,
  type Answer,
  type LogLine,
  type TestServer,
} from './helpers.js';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const OWNER = { name: 'Ada Lovelace', email: 'ada@example.org', zipCode: '10001' };
const OWNER_NETWORK = '198.51.100.20';
const ATTACKER_NETWORK = '203.0.113.7';

const servers: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function server(config: Partial<AppConfig> = {}, extra: { dir?: string; logger?: Logger } = {}) {
  const s = await startTestServer({ config, ...extra });
  servers.push(s);
  return s;
}

const from = (ip: string) => ({ 'X-Forwarded-For': ip });

const joinAs = (s: TestServer, body: typeof OWNER, ip = OWNER_NETWORK) =>
  call<ErrorAnswer>(s.baseUrl, 'POST', api.joinMovement.path, { body, headers: from(ip) });
const requestSignIn = (s: TestServer, email: string, ip = OWNER_NETWORK) =>
  call<ErrorAnswer>(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email }, headers: from(ip) });
const enterCode = (s: TestServer, email: string, code: string, ip: string) =>
  call<ErrorAnswer>(s.baseUrl, 'POST', api.signInWithCode.path, { body: { email, code }, headers: from(ip) });

/** The code of the last sign-in e-mail to `email`, read from its Subject. */
function lastCode(s: TestServer, email: string): string {
  const code = /(\d{6})$/.exec(s.mail.to(email, 'signin').at(-1)?.subject ?? '')?.[1];
  if (!code) throw new Error(`no sign-in e-mail to ${email}`);
  return code;
}

const wrongCode = (code: string, n: number): string => code.slice(0, 5) + String((Number(code[5]) + n) % 10);

function expectRateLimited(answer: Answer<ErrorAnswer>, message: string): number {
  expect(answer.status, answer.text).toBe(429);
  expect(answer.body).toEqual({ error: { code: 'rate_limited', message } });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  return retryAfter;
}

describe('the defaults', () => {
  it('joins 100 an hour per network, sign-in e-mails 3 in 15 minutes and 10 a day per address, 10 wrong codes a day per network; codes live 10 minutes', () => {
    expect(DEFAULT_RATE_LIMITS.joinPerIp).toEqual({ points: 100, duration: 3600 });
    expect(JOINS_PER_IP_PER_HOUR).toBe(100);
    expect(DEFAULT_RATE_LIMITS.signInPerAddress).toEqual({ points: 3, duration: 15 * 60 });
    expect(DEFAULT_RATE_LIMITS.signInPerAddressPerDay).toEqual({ points: 10, duration: 24 * 3600 });
    expect(SIGN_IN_EMAILS_PER_ADDRESS_PER_DAY).toBe(10);
    expect(DEFAULT_RATE_LIMITS.wrongCodesPerNetwork).toEqual({ points: 10, duration: 24 * 3600 });
    expect(WRONG_CODES_PER_NETWORK_PER_DAY).toBe(10);
    expect(SIGN_IN_MINUTES).toBe(10);
  });

  it('JOINS_PER_IP_PER_HOUR sets the join limit; anything but a whole number from 1 is refused at start-up', () => {
    expect(toAppConfig(parseEnv({}), TEST_SECRET).rateLimits.joinPerIp).toEqual({ points: 100, duration: 3600 });
    const rally = toAppConfig(parseEnv({ JOINS_PER_IP_PER_HOUR: '500' }), TEST_SECRET);
    expect(rally.rateLimits.joinPerIp).toEqual({ points: 500, duration: 3600 });
    expect(rally.rateLimits.signInPerAddress).toEqual(DEFAULT_RATE_LIMITS.signInPerAddress);
    for (const bad of ['0', '-5', '1.5', 'lots']) {
      expect(() => parseEnv({ JOINS_PER_IP_PER_HOUR: bad }), bad).toThrow(/JOINS_PER_IP_PER_HOUR/);
    }
  });
});

describe('joins per network', () => {
  it('at the default, the 101st join from one network within the hour is refused; another network still joins', async () => {
    const s = await server({ trustProxy: 1, rateLimits: testRateLimits({ joinPerIp: DEFAULT_RATE_LIMITS.joinPerIp }) });
    for (let i = 0; i < JOINS_PER_IP_PER_HOUR; i += 1) {
      const joined = await joinAs(s, { ...OWNER, email: `guest${i}@example.org` }, '192.0.2.50');
      expect(joined.status, joined.text).toBe(200);
    }
    expectRateLimited(
      await joinAs(s, { ...OWNER, email: 'one-too-many@example.org' }, '192.0.2.50'),
      SIGN_IN_MESSAGES.tooManyFromNetwork,
    );
    expect(await s.store.memberByEmail('one-too-many@example.org')).toBeUndefined();
    expect((await joinAs(s, { ...OWNER, email: 'elsewhere@example.org' }, '192.0.2.51')).status).toBe(200);
  });
});

describe('sign-in e-mails per address', () => {
  it('3 in 15 minutes: the 4th is refused (tooManyForAddress) and only 3 e-mails went out', async () => {
    const s = await server({
      trustProxy: 1,
      rateLimits: testRateLimits({
        signInPerAddress: DEFAULT_RATE_LIMITS.signInPerAddress,
        signInPerAddressPerDay: DEFAULT_RATE_LIMITS.signInPerAddressPerDay,
      }),
    });
    expect((await joinAs(s, OWNER)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await requestSignIn(s, OWNER.email, `192.0.2.${i + 1}`)).status).toBe(200);
    const retryAfter = expectRateLimited(
      await requestSignIn(s, OWNER.email.toUpperCase(), '192.0.2.9'),
      SIGN_IN_MESSAGES.tooManyForAddress,
    );
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(s.mail.to(OWNER.email, 'signin')).toHaveLength(3);
  });

  it('10 a day, even when the 15-minute window would allow more: the 11th is refused (tooManyForAddressToday) until the day is over', async () => {
    // The 15-minute limit raised, as if its windows had passed between the requests.
    const s = await server({
      trustProxy: 1,
      rateLimits: testRateLimits({ signInPerAddressPerDay: DEFAULT_RATE_LIMITS.signInPerAddressPerDay }),
    });
    expect((await joinAs(s, OWNER)).status).toBe(200);
    expect((await joinAs(s, { ...OWNER, email: 'grace@example.org' })).status).toBe(200);
    for (let i = 0; i < SIGN_IN_EMAILS_PER_ADDRESS_PER_DAY; i += 1) {
      expect((await requestSignIn(s, OWNER.email, `192.0.2.${i + 1}`)).status).toBe(200);
    }
    const retryAfter = expectRateLimited(
      await requestSignIn(s, OWNER.email, '192.0.2.99'),
      SIGN_IN_MESSAGES.tooManyForAddressToday,
    );
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(s.mail.to(OWNER.email, 'signin')).toHaveLength(SIGN_IN_EMAILS_PER_ADDRESS_PER_DAY);
    // Another address is not affected.
    expect((await requestSignIn(s, 'grace@example.org', '192.0.2.99')).status).toBe(200);
  });

  it('each refusal logs one rate-limited line with the limiter and the network, never the address', async () => {
    const lines: LogLine[] = [];
    const s = await server(
      {
        trustProxy: 1,
        rateLimits: testRateLimits({ signInPerAddress: DEFAULT_RATE_LIMITS.signInPerAddress }),
      },
      { logger: capturingLogger(lines) },
    );
    expect((await joinAs(s, OWNER)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await requestSignIn(s, OWNER.email)).status).toBe(200);
    expect((await requestSignIn(s, OWNER.email)).status).toBe(429);
    const limited = lines.filter((l) => l.fields.event === 'rate-limited');
    expect(limited).toHaveLength(1);
    expect(limited[0]).toMatchObject({
      level: 'warn',
      fields: { event: 'rate-limited', outcome: 'refused', limiter: 'sign-in-address', network: OWNER_NETWORK },
    });
    expect(limited[0]?.fields.requestId).toEqual(expect.any(String));
    expect(JSON.stringify(lines)).not.toContain(OWNER.email);
  });
});

describe('wrong codes per network', () => {
  it("one network's wrong codes void the owner's code at most twice a day; then that network is refused before it can touch the owner's code", async () => {
    const s = await server({
      trustProxy: 1,
      rateLimits: testRateLimits({ wrongCodesPerNetwork: DEFAULT_RATE_LIMITS.wrongCodesPerNetwork }),
    });
    expect((await joinAs(s, OWNER)).status).toBe(200);
    let attempts = 0;
    // Two rounds: the owner asks for a code, the attacker's five wrong tries void it.
    for (let round = 0; round < 2; round += 1) {
      expect((await requestSignIn(s, OWNER.email)).status).toBe(200);
      const code = lastCode(s, OWNER.email);
      for (let n = 1; n <= 5; n += 1) {
        attempts += 1;
        expect((await enterCode(s, OWNER.email, wrongCode(code, n), ATTACKER_NETWORK)).status).toBe(400);
      }
      // Voided: even the right code no longer works.
      expect((await enterCode(s, OWNER.email, code, OWNER_NETWORK)).status).toBe(400);
    }
    expect(attempts).toBe(WRONG_CODES_PER_NETWORK_PER_DAY);
    // The third code: the attacker's network has spent its day, so its tries are refused unread.
    expect((await requestSignIn(s, OWNER.email)).status).toBe(200);
    const code = lastCode(s, OWNER.email);
    for (let n = 1; n <= 5; n += 1) {
      const retryAfter = expectRateLimited(
        await enterCode(s, OWNER.email, wrongCode(code, n), ATTACKER_NETWORK),
        SIGN_IN_MESSAGES.tooManyWrongCodes,
      );
      expect(retryAfter).toBeGreaterThan(23 * 3600);
    }
    // Even the right code from that network waits; the owner's own network signs in with it.
    expectRateLimited(await enterCode(s, OWNER.email, code, ATTACKER_NETWORK), SIGN_IN_MESSAGES.tooManyWrongCodes);
    const owner = await enterCode(s, OWNER.email, code, OWNER_NETWORK);
    expect(owner.status, owner.text).toBe(200);
  });

  it('an IPv6 network counts by its /64: walking through its addresses buys no fresh wrong codes', async () => {
    const s = await server({
      trustProxy: 1,
      rateLimits: testRateLimits({ wrongCodesPerNetwork: { points: 2, duration: 24 * 3600 } }),
    });
    expect((await joinAs(s, OWNER)).status).toBe(200);
    expect((await requestSignIn(s, OWNER.email)).status).toBe(200);
    const code = lastCode(s, OWNER.email);
    expect((await enterCode(s, OWNER.email, wrongCode(code, 1), '2001:db8:1:2::1')).status).toBe(400);
    expect((await enterCode(s, OWNER.email, wrongCode(code, 2), '2001:db8:1:2::2')).status).toBe(400);
    expectRateLimited(
      await enterCode(s, OWNER.email, wrongCode(code, 3), '2001:db8:1:2:ffff::3'),
      SIGN_IN_MESSAGES.tooManyWrongCodes,
    );
    // The owner's code took only two wrong tries: it still works.
    expect((await enterCode(s, OWNER.email, code, OWNER_NETWORK)).status).toBe(200);
  });
});

describe('after a restart', () => {
  it('the limits remember: an address that had its 3 e-mails and a network that spent its wrong codes are still refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prr-limits-'));
    dirs.push(dir);
    const config: Partial<AppConfig> = {
      trustProxy: 1,
      rateLimits: testRateLimits({
        signInPerAddress: DEFAULT_RATE_LIMITS.signInPerAddress,
        wrongCodesPerNetwork: { points: 2, duration: 24 * 3600 },
      }),
    };
    const first = await startTestServer({ config, dir });
    try {
      expect((await joinAs(first, OWNER)).status).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await requestSignIn(first, OWNER.email)).status).toBe(200);
      const code = lastCode(first, OWNER.email);
      expect((await enterCode(first, OWNER.email, wrongCode(code, 1), ATTACKER_NETWORK)).status).toBe(400);
      expect((await enterCode(first, OWNER.email, wrongCode(code, 2), ATTACKER_NETWORK)).status).toBe(400);
    } finally {
      await first.close();
    }

    const second = await server(config, { dir });
    expectRateLimited(await requestSignIn(second, OWNER.email), SIGN_IN_MESSAGES.tooManyForAddress);
    expect(second.mail.messages).toEqual([]);
    expectRateLimited(
      await enterCode(second, OWNER.email, '000000', ATTACKER_NETWORK),
      SIGN_IN_MESSAGES.tooManyWrongCodes,
    );
  });
});
