/**
 * Bad input (docs/testing.md#proofs): property-based fuzzing of EVERY route of the contract's table with
 * fast-check. Each case is one raw HTTP request: random JSON, wrong types, extra keys, huge
 * strings around the 32 KB body limit, unicode, prototype-pollution keys, malformed JSON, wrong
 * content types and encodings, random and oddly percent-encoded path params, wrong methods,
 * garbage cookies and foreign origins. Admin routes get a real admin session, and member routes a
 * real member session, in half the cases so the fuzz reaches the validation behind the auth check.
 *
 * For every case: no 5xx and no network error; every 4xx is JSON in the contract's ApiErrorBody
 * shape; and a rejected request changes neither the data file (sha-256 before and after) nor the
 * data in memory (which the next accepted write would otherwise persist), nor the member sessions
 * and pending sign-ins. The one rejection that must change something is a wrong sign-in code: it
 * counts toward the five allowed (the 5th voids the sign-in), and nothing else. Accepted requests
 * may change anything. After the run Object.prototype must be untouched.
 *
 * Reproduce a failure with the printed seed: FUZZ_SEED=<seed> npx vitest run ... fuzz.test.ts
 */
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  ADMIN_SESSION_COOKIE,
  ApiErrorBody,
  DEMO_ADMIN,
  MEMBER_SESSION_COOKIE,
  api,
  routeList,
  type AnyRoute,
} from '@prr/contract';
import {
  JOIN,
  call,
  joinAndSignIn,
  persistedFingerprint,
  reflectionRequest,
  rippleRequest,
  sessionCookieFrom,
  signInByCode,
  startTestServer,
  storeSnapshot,
  storedSignInState,
  type StoredSignInState,
  type TestServer,
} from '../helpers.js';
import { proofSeed, proofSize } from './size.js';
import { printFigures, rawRequest, type RawAnswer } from './support.js';

// Per route of the table (53 today): 20 cases in `npm test`, 100 in `npm run test:proof` (size.ts).
const RUNS_PER_ROUTE = proofSize(20, 100);
const SEED = proofSeed(20_260_302);
const LIMIT = 32 * 1024; // testConfig().jsonLimit

let s: TestServer;
let memberId = '';
let session = '';
let memberSession = '';
/** With PostgreSQL: one connection of the test's own for reading the sign-in tables before and after each case. */
let reader: pg.Client | undefined;
let startedAt = 0;
const routeMs: Record<string, number> = {};
const slowest = () =>
  Object.fromEntries(
    Object.entries(routeMs)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3),
  );

const tally = {
  cases: 0,
  accepted: 0,
  rejected: 0,
  withSession: 0,
  withMemberSession: 0,
  byStatus: {} as Record<number, number>,
  fileChecks: 0,
  wrongCodesCounted: 0,
  sessionRenewals: 0,
  memberSessionRenewals: 0,
};

async function login(): Promise<string> {
  const res = await call(s.baseUrl, 'POST', api.adminLogin.path, {
    body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  const cookie = sessionCookieFrom(res);
  if (!cookie) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return cookie;
}

beforeAll(async () => {
  startedAt = Date.now();
  s = await startTestServer();
  const joined = await joinAndSignIn(s.baseUrl);
  memberId = joined.member.id;
  memberSession = joined.cookie;
  session = await login();
  if (s.kind === 'postgres') {
    reader = new pg.Client({ connectionString: s.databaseUrl, application_name: 'prr-test-fuzz' });
    await reader.connect();
  }
});

afterAll(async () => {
  printFigures('fuzz', {
    seed: SEED,
    routes: routeList.length,
    ...tally,
    seconds: (Date.now() - startedAt) / 1000,
    slowestRoutesMs: slowest(),
  });
  await reader?.end();
  await s?.close();
});

// ---- what a case is made of -------------------------------------------------------------------

/** A valid body per route: the base the "almost valid" cases perturb. */
function validBody(route: AnyRoute): Record<string, unknown> {
  switch (route) {
    case api.joinMovement:
      return { ...JOIN };
    case api.saveReflection:
      return reflectionRequest(1);
    case api.recordRippleEffect:
      return rippleRequest(1, { notes: 'n' });
    case api.requestSignIn:
      return { email: JOIN.email };
    case api.signInWithCode:
      // The member's address: once a fuzzed sign-in request went through, a code is pending for it.
      return { email: JOIN.email, code: '123456' };
    case api.signInWithLink:
      return { token: 'not-a-real-link-token' };
    case api.updateEmailSettings:
      return { emailReminders: true, reminderTime: '09:00', timezone: 'America/New_York' };
    case api.unsubscribe:
      return { token: 'not-a-real-token' };
    case api.adminLogin:
      return { email: DEMO_ADMIN.email, password: 'not-the-password' };
    case api.addParticipant:
      return { name: 'Jo Doe', email: 'jo@example.org', state: 'Texas', zipCode: '73301' };
    default:
      return {};
  }
}

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];
const CANARY = 'fuzzPolluted';

/** JSON text with prototype-pollution keys at the top level and nested (JSON.stringify cannot make these). */
function pollutedJson(base: Record<string, unknown>, key: string, nested: boolean): string {
  const payload = nested ? `{"prototype":{"${CANARY}":true},"${CANARY}":true}` : `{"${CANARY}":true}`;
  const inner = JSON.stringify(base).slice(1, -1);
  return `{"${key}":${payload}${inner ? ',' + inner : ''}}`;
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const unicodeString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 32 }),
  fc.constantFrom(
    '\u0000',
    '\uFEFFname',
    'e\u0301',
    '👩‍👩‍👧‍👦',
    '\uD800',
    'Ω≈ç√',
    'ＡＢＣ',
    '\u202Eevil',
    'x@exam\u0440le.org',
  ),
);

interface BodyCase {
  kind: string;
  text?: string | undefined;
}

/** Strings around and beyond the body limit, in one-byte and multi-byte characters. */
const hugeString = fc
  .tuple(fc.constantFrom(LIMIT - 300, LIMIT - 10, LIMIT + 1, LIMIT * 2, 100_000), fc.constantFrom('x', 'é', '😀'))
  .map(([length, char]) => char.repeat(Math.ceil(length / Buffer.byteLength(char))));

function bodyArbitrary(route: AnyRoute): fc.Arbitrary<BodyCase> {
  const base = validBody(route);
  const keys = Object.keys(base).length > 0 ? Object.keys(base) : ['name', 'email', 'id'];
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    { weight: 3, arbitrary: jsonValue.map((v) => ({ kind: 'random-json', text: JSON.stringify(v) })) },
    {
      weight: 4,
      arbitrary: fc
        .dictionary(key, fc.oneof(jsonValue, unicodeString), { minKeys: 1 })
        .map((wrong) => ({ kind: 'wrong-types', text: JSON.stringify({ ...base, ...wrong }) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.dictionary(fc.string({ maxLength: 12 }), jsonValue, { minKeys: 1, maxKeys: 5 }),
          fc.option(key, { nil: undefined }),
        )
        .map(([extra, drop]) => {
          const body: Record<string, unknown> = { ...base, ...extra };
          if (drop) delete body[drop];
          return { kind: 'extra-keys', text: JSON.stringify(body) };
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...POLLUTION_KEYS), fc.boolean())
        .map(([k, nested]) => ({ kind: 'pollution', text: pollutedJson(base, k, nested) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(key, hugeString)
        .map(([k, big]) => ({ kind: 'huge', text: JSON.stringify({ ...base, [k]: big }) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(key, unicodeString)
        .map(([k, u]) => ({ kind: 'unicode', text: JSON.stringify({ ...base, [k]: u }) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 40 }).filter((t) => !isJson(t)),
          fc
            .nat({ max: 200 })
            .map((n) => JSON.stringify(base).slice(0, n % Math.max(1, JSON.stringify(base).length - 1))),
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            '{"a":1,}',
            "{'a':1}",
            'NaN',
            '{"a":undefined}',
            '\u0000',
            '{"a":"\\u12"}',
            '{}}',
          ),
        )
        .map((text) => ({ kind: 'malformed', text })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'no-body', text: undefined }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'valid', text: JSON.stringify(base) }) },
  );
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/merge-patch+json',
      'application/jsonx',
      'application/xml',
      '*/*',
      'application/json, text/html',
    ),
  },
);

/** Content-Encoding: usually none; sometimes a real compression, a false claim, or a zip bomb. */
interface Encoding {
  header: string | undefined;
  mode: 'none' | 'compressed' | 'false-claim' | 'zip-bomb';
}
const contentEncoding = fc.oneof(
  { weight: 14, arbitrary: fc.constant<Encoding>({ header: undefined, mode: 'none' }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom('gzip', 'deflate', 'br'),
        fc.constantFrom<Encoding['mode']>('compressed', 'false-claim', 'zip-bomb'),
      )
      .map(([header, mode]) => ({ header, mode })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Encoding>({ header: 'identity', mode: 'none' }, { header: 'x-unknown', mode: 'none' }),
  },
);

const bombs = new Map<string, Buffer>();

function encode(text: string, encoding: Encoding): Buffer {
  const compress = (data: string): Buffer =>
    encoding.header === 'gzip'
      ? gzipSync(data)
      : encoding.header === 'deflate'
        ? deflateSync(data)
        : brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
  switch (encoding.mode) {
    case 'compressed':
      return compress(text);
    case 'zip-bomb': {
      // ~10 KB on the wire, 10 MB once inflated: must stop at the 32 KB limit (413), not fill memory.
      const key = encoding.header ?? '';
      if (!bombs.has(key)) bombs.set(key, compress(`{"name":"${'0'.repeat(10_000_000)}"}`));
      return bombs.get(key)!;
    }
    default:
      return Buffer.from(text);
  }
}

/** Path params: sensible, random (encoded), and raw odd percent-encodings sent as they are. */
const rawSegment = fc.oneof(
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '%2e%2e',
    '..%2f..%2fetc%2fpasswd',
    '%C0%AE',
    '%uD83D',
    '%25',
    'a%2Fb',
    '%F0%9F%98',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '-1',
    '0',
    '91',
    '1e3',
    '0x10',
    '1.5',
    'NaN',
    'Infinity',
    '9007199254740993',
    '%201',
    '',
    'null',
  ),
  fc.string({ unit: fc.constantFrom(..."aZ09._~-!$&'()*+,;=:@%".split('')), maxLength: 40 }),
);
/** encodeURIComponent throws on lone surrogates (which unicodeString may produce): send those raw-escaped. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}
const paramValue = fc.oneof(
  { weight: 3, arbitrary: rawSegment },
  {
    weight: 2,
    arbitrary: fc.oneof(unicodeString, fc.uuid(), fc.emailAddress(), fc.integer().map(String)).map(encodeSegment),
  },
  { weight: 1, arbitrary: fc.nat({ max: 4000 }).map((n) => 'a'.repeat(n + 1)) },
);

const otherMethod = fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE');

interface Case {
  method: string;
  path: string;
  body: BodyCase;
  contentType: string | undefined;
  contentEncoding: Encoding;
  chunked: boolean;
  withSession: boolean;
  garbageCookie: string | undefined;
  foreignOrigin: boolean;
}

function pathArbitrary(route: AnyRoute): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const sample: Record<string, string> = { day: '1' };
  const fill = (values: string[]): string => {
    let i = 0;
    return route.path.replace(/:([A-Za-z]+)/g, () => values[i++] ?? '');
  };
  const params =
    names.length === 0
      ? fc.constant(route.path)
      : fc.oneof(
          { weight: 2, arbitrary: fc.constant(fill(names.map((n) => sample[n]!))) },
          { weight: 5, arbitrary: fc.tuple(...names.map(() => paramValue)).map(fill) },
        );
  const suffix = fc.oneof(
    { weight: 10, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '/',
        '?__proto__[x]=1',
        '?constructor[prototype][x]=1',
        '//',
        '/..',
        '/%2e%2e/admin/stats',
      ),
    },
    { weight: 1, arbitrary: rawSegment.map((seg) => `/${seg}`) },
  );
  return fc.tuple(params, suffix).map(([p, tail]) => p + tail);
}

function caseArbitrary(route: AnyRoute): fc.Arbitrary<Case> {
  return fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant<string>(route.method) },
      { weight: 1, arbitrary: otherMethod },
    ),
    path: pathArbitrary(route),
    body: route.body
      ? bodyArbitrary(route)
      : fc.oneof(fc.constant<BodyCase>({ kind: 'no-body' }), bodyArbitrary(api.joinMovement)),
    contentType,
    contentEncoding,
    chunked: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    withSession:
      route.auth !== 'public' || route.path.startsWith('/api/admin/') || route.path.startsWith('/api/me')
        ? fc.boolean()
        : fc.constant(false),
    garbageCookie: fc.option(
      fc.constantFrom(
        `${ADMIN_SESSION_COOKIE}=`,
        `${ADMIN_SESSION_COOKIE}=${'A'.repeat(43)}`,
        `${ADMIN_SESSION_COOKIE}=__proto__`,
        `${ADMIN_SESSION_COOKIE}=constructor; ${ADMIN_SESSION_COOKIE}=x`,
        '=;;=; a',
        `${ADMIN_SESSION_COOKIE}=%E0%A4%A`,
        `${MEMBER_SESSION_COOKIE}=`,
        `${MEMBER_SESSION_COOKIE}=${'A'.repeat(43)}`,
        `${MEMBER_SESSION_COOKIE}=__proto__`,
        `${MEMBER_SESSION_COOKIE}=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
        `${MEMBER_SESSION_COOKIE}=%E0%A4%A; ${MEMBER_SESSION_COOKIE}=x`,
      ),
      { freq: 8, nil: undefined },
    ),
    foreignOrigin: fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  });
}

// ---- running a case ---------------------------------------------------------------------------

/** The session a route needs: the member's for member routes (and /api/me paths), else the admin's. */
const sessionFor = (route: AnyRoute): string =>
  route.auth === 'member' || route.path.startsWith('/api/me') ? memberSession : session;

async function send(route: AnyRoute, c: Case): Promise<RawAnswer> {
  const headers: Record<string, string> = {};
  if (c.contentType && c.body.text !== undefined) headers['Content-Type'] = c.contentType;
  if (c.contentEncoding.header && c.body.text !== undefined) headers['Content-Encoding'] = c.contentEncoding.header;
  const cookies = [c.withSession ? sessionFor(route) : undefined, c.garbageCookie].filter(Boolean);
  if (cookies.length) headers.Cookie = cookies.join('; ');
  if (c.foreignOrigin) headers.Origin = 'https://evil.example';
  const body = c.body.text === undefined ? undefined : encode(c.body.text, c.contentEncoding);
  return rawRequest(s.baseUrl, { method: c.method, path: c.path, headers, body, chunked: c.chunked });
}

/**
 * A rejected code attempt may count a wrong code (or void the sign-in at the 5th); nothing else in
 * the sign-in state may move. Answers whether it counted one.
 */
function expectOnlyAWrongCodeCounted(before: StoredSignInState, after: StoredSignInState, label: string): boolean {
  expect(after.sessionHashes, `member sessions changed by a rejected request: ${label}`).toEqual(before.sessionHashes);
  if (JSON.stringify(after.signIns) === JSON.stringify(before.signIns)) return false;
  const was = before.signIns.find((p) => p.memberId === memberId);
  const now = after.signIns.find((p) => p.memberId === memberId);
  const others = (state: StoredSignInState) => state.signIns.filter((p) => p.memberId !== memberId);
  expect(others(after), label).toEqual(others(before));
  expect(was, `a sign-in appeared on a rejected request: ${label}`).toBeDefined();
  if (now) expect(now, label).toEqual({ ...was, wrongCodes: was!.wrongCodes + 1 });
  else expect(was!.wrongCodes + 1, `a sign-in voided before its 5th wrong code: ${label}`).toBe(5);
  return true;
}

async function check(route: AnyRoute, c: Case): Promise<void> {
  // With PostgreSQL the snapshot is read from the database: what is stored is all there is.
  const signInBefore = await storedSignInState(s, reader);
  // Rate-limit counters are in the file too, and a rejected request may count: they are left out.
  const fileBefore = s.kind === 'lowdb' ? await persistedFingerprint(s) : undefined;
  const memoryBefore = JSON.stringify(await storeSnapshot(s.store));
  const res = await send(route, c); // a network error rejects here and fails the property
  tally.cases += 1;
  tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
  if (c.withSession) {
    tally.withSession += 1;
    if (sessionFor(route) === memberSession) tally.withMemberSession += 1;
  }
  const label =
    `${c.method} ${c.path.slice(0, 120)} [${c.body.kind}, ${c.contentType ?? 'no type'}, ${c.contentEncoding.header ?? ''} ` +
    `${c.contentEncoding.mode}${c.chunked ? ', chunked' : ''}] -> ${res.status} ${res.text.slice(0, 200)}`;
  expect(res.status, label).toBeLessThan(500);
  expect(res.status, label).toBeGreaterThanOrEqual(200);

  if (res.status >= 400) {
    tally.rejected += 1;
    expect(res.headers['content-type'], label).toMatch(/^application\/json/);
    const parsed = ApiErrorBody.safeParse(JSON.parse(res.text));
    expect(parsed.success, label).toBe(true);
    const signInAfter = await storedSignInState(s, reader);
    const counted = res.status === 400 && expectOnlyAWrongCodeCounted(signInBefore, signInAfter, label);
    if (counted) {
      // Only a code attempt on the member's address counts, and it touches the sign-in alone.
      expect(route === api.signInWithCode || c.path.startsWith(api.signInWithCode.path), label).toBe(true);
      tally.wrongCodesCounted += 1;
    } else {
      expect(signInAfter, `sign-in state changed by a rejected request: ${label}`).toEqual(signInBefore);
      if (fileBefore !== undefined)
        expect(await persistedFingerprint(s), `data file changed by a rejected request: ${label}`).toBe(fileBefore);
    }
    expect(JSON.stringify(await storeSnapshot(s.store)), `store changed by a rejected request: ${label}`).toBe(
      memoryBefore,
    );
    tally.fileChecks += 1;
  } else {
    tally.accepted += 1;
    // A successful login replaces the session it was sent with; a logout ends it.
    if (route === api.adminLogout || route === api.adminLogin || c.path.startsWith(api.adminLogout.path)) {
      if ((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie: session })).status !== 200) {
        session = await login();
        tally.sessionRenewals += 1;
      }
    }
    // A sign-out ends the member's session: sign in again, with a code from the e-mail.
    if (route === api.signOut || c.path.startsWith(api.signOut.path)) {
      if ((await call(s.baseUrl, 'GET', api.me.path, { cookie: memberSession })).status !== 200) {
        memberSession = (await signInByCode(s, JOIN.email)).cookie;
        tally.memberSessionRenewals += 1;
      }
    }
  }
}

describe('fuzzing every route of the contract table', () => {
  it('covers the whole table', () => {
    expect(routeList.length).toBeGreaterThanOrEqual(26);
    expect(routeList.length * RUNS_PER_ROUTE).toBeGreaterThanOrEqual(proofSize(520, 2_600));
  });

  for (const route of routeList) {
    it(`${route.method} ${route.path}: no 5xx, rejections are ApiErrorBody 4xx and change nothing`, async () => {
      const t0 = Date.now();
      onTestFinished(() => void (routeMs[`${route.method} ${route.path}`] = Date.now() - t0));
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route), (c) => check(route, c)),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    }, 60_000);
  }

  it('regression, found by this fuzz: a body that does not decode under its Content-Encoding is a 400, not a 500', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await rawRequest(s.baseUrl, {
        method: 'POST',
        path: api.joinMovement.path,
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: JSON.stringify(JOIN),
      });
      expect(res.status, encoding).toBe(400);
      expect(ApiErrorBody.parse(JSON.parse(res.text)).error.code).toBe('bad_request');
      const bomb = encode('', { header: encoding, mode: 'zip-bomb' });
      const big = await rawRequest(s.baseUrl, {
        method: 'POST',
        path: api.joinMovement.path,
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: bomb,
      });
      expect(big.status, `${encoding} bomb of ${bomb.length} bytes`).toBe(413);
    }
  });

  it('left Object.prototype untouched and no stored object carries a pollution key', async () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>)[CANARY]).toBeUndefined();
    const text = JSON.stringify(await storeSnapshot(s.store));
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain('"__proto__"');
  });
});
