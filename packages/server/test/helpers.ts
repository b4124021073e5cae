/**
 * Test harness: the real app on a random port (listen(0)) over a real store, with a fake clock.
 * The store is a temporary lowdb copy of db.json, or, with `store: 'postgres'` (or
 * PRR_TEST_STORE=postgres, as the `server-postgres` Vitest project sets), a PostgreSQL database
 * with the migrated and seeded template's contents (test/postgres/). Every server gets its own
 * directory, removed on close, and a database no other server of the file uses until it is closed.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEMBER_SESSION_COOKIE, Member, api } from '@prr/contract';
import type { StoredMember } from '@prr/domain';
import type pg from 'pg';
import { createApp } from '../src/app.js';
import { ensureAdmin, type AdminSeed } from '../src/auth/adminAccount.js';
import { FakeClock } from '../src/clock.js';
import { DEFAULT_RATE_LIMITS, type AppConfig } from '../src/config.js';
import type { AppHooks } from '../src/http/deps.js';
import { silentLogger, type Logger } from '../src/log.js';
import type { Mailer, MailMessage } from '../src/mail/mailer.js';
import type { Metrics } from '../src/operations/metrics.js';
import { timedStore } from '../src/operations/timedStore.js';
import { SEED_FILE } from '../src/paths.js';
import { listen } from '../src/server.js';
import { openLowdbStore, type LowdbStore } from '../src/store/lowdb/lowdbStore.js';
import { openPostgresStore } from '../src/store/postgres/postgresStore.js';
import type { DbData } from '../src/store/schema.js';
import type { AppStore, StoreKind } from '../src/store/types.js';
import { reflectionRequest } from './fixtures.js';
import { releaseDatabase, reusableDatabaseUrl, withAdmin } from './postgres/databases.js';

/** A reflection's fields for POST /api/me/reflections; kept in fixtures.ts, which src unit tests import too. */
export { reflectionRequest };

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const START = '2026-03-02T14:00:00.000Z';

type RateLimits = AppConfig['rateLimits'];

/**
 * Every limiter of DEFAULT_RATE_LIMITS raised to `points` (generous by default, so unrelated tests
 * never hit one), then the given ones as they are: rate-limit tests set only the limit under test.
 */
export function testRateLimits(overrides: Partial<RateLimits> = {}, points = 10_000): RateLimits {
  const raised = Object.fromEntries(
    Object.entries(DEFAULT_RATE_LIMITS).map(([name, limit]) => [name, { ...limit, points }]),
  ) as unknown as RateLimits;
  return { ...raised, ...overrides };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    production: false,
    staticDir: join(tmpdir(), 'prr-no-such-dist'),
    sessionSecret: TEST_SECRET,
    // startTestServer replaces it with the server's own URL once it listens (unless one is given).
    publicUrl: 'http://127.0.0.1',
    sessionIdleMs: 30 * 60_000,
    trustProxy: false,
    allowedOrigins: [],
    jsonLimit: '32kb',
    rateLimits: testRateLimits(),
    ...overrides,
  };
}

/** The store the tests of this process run on: PRR_TEST_STORE, lowdb when unset. */
export const TEST_STORE: StoreKind = process.env.PRR_TEST_STORE === 'postgres' ? 'postgres' : 'lowdb';

export interface TestStore {
  store: AppStore;
  /** The lowdb data file; with PostgreSQL a path that is never created. */
  file: string;
  /** The PostgreSQL database's URL; undefined with lowdb. */
  databaseUrl: string | undefined;
  /** Closes the store and hands the database back for the next test (the directory is the caller's). */
  close(): Promise<void>;
}

/** PostgreSQL databases kept for a data directory a test reuses (restart tests), by directory. */
const databaseOfDir = new Map<string, string>();

/**
 * A real store of the given kind in `dir`: a lowdb file there, or a PostgreSQL database. With
 * `keep`, the store outlives close() for the next open of the same `dir` (a restart): lowdb keeps
 * its file anyway; PostgreSQL reuses the directory's database instead of making a fresh one.
 */
export async function openTestStore(kind: StoreKind, dir: string, keep = false): Promise<TestStore> {
  const file = join(dir, 'db.json');
  if (kind === 'lowdb') {
    const store = await openLowdbStore({ file, seedFile: SEED_FILE });
    return { store, file, databaseUrl: undefined, close: () => store.close() };
  }
  let databaseUrl = keep ? databaseOfDir.get(dir) : undefined;
  if (!databaseUrl) {
    databaseUrl = await reusableDatabaseUrl();
    if (keep) databaseOfDir.set(dir, databaseUrl);
  }
  const url = databaseUrl;
  const store = await openPostgresStore({ url, seedFile: SEED_FILE, poolMax: 5 });
  return {
    store,
    file,
    databaseUrl: url,
    close: async () => {
      await store.close();
      // Reset for the file's next test (postgres/databases.ts); a kept one is the restart's.
      if (!keep) releaseDatabase(url);
    },
  };
}

export interface TestServer {
  baseUrl: string;
  store: AppStore;
  kind: StoreKind;
  clock: FakeClock;
  dir: string;
  file: string;
  databaseUrl: string | undefined;
  /** What the app's mailer sent (sign-in e-mails), in order. */
  mail: TestMailer;
  /** The app's configuration; publicUrl is the server's own URL unless a test gave one. */
  config: AppConfig;
  close(): Promise<void>;
}

export interface StartOptions {
  config?: Partial<AppConfig>;
  clock?: FakeClock;
  admin?: AdminSeed;
  hooks?: AppHooks;
  logger?: Logger;
  /** Reuse a data directory, and with PostgreSQL its database (restart tests); otherwise fresh ones. */
  dir?: string;
  /** Defaults to TEST_STORE. */
  store?: StoreKind;
  /** Where the app's own e-mails (sign-in) go; each is also recorded in `mail`. None by default. */
  mailer?: Mailer;
  /** The app's instruments, with the store's calls timed into them as bin.ts does. */
  metrics?: Metrics;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'prr-server-')));
  const kind = options.store ?? TEST_STORE;
  const opened = await openTestStore(kind, dir, options.dir !== undefined);
  const store = options.metrics ? timedStore(opened.store, options.metrics) : opened.store;
  await ensureAdmin(store, options.admin);
  const clock = options.clock ?? new FakeClock(START);
  const config = testConfig(options.config);
  const mail = testMailer(options.mailer);
  const app = await createApp({
    store,
    clock,
    config,
    mailer: mail,
    logger: options.logger ?? silentLogger,
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  const running = await listen(app, { port: 0, host: '127.0.0.1' });
  // The app reads its config per request: the links in sign-in e-mails point at this server.
  if (options.config?.publicUrl === undefined) config.publicUrl = running.url;
  return {
    baseUrl: running.url,
    store,
    kind,
    clock,
    dir,
    file: opened.file,
    databaseUrl: opened.databaseUrl,
    mail,
    config,
    close: async () => {
      await running.close(1000);
      await opened.close();
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  raw?: string;
  headers?: Record<string, string>;
  cookie?: string;
}

/** fetch with JSON in and out; never throws on a status. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  if (options.cookie) headers.Cookie = options.cookie;
  const res = await fetch(baseUrl + path, { method, headers, body: payload });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

/** The `name=value` part of our session cookie from a response (`__Host-` in production), for the next request. */
export function sessionCookieFrom(answer: Answer): string | undefined {
  const setCookie = answer.headers.getSetCookie().find((c) => /^(__Host-)?prr_admin=/.test(c));
  return setCookie?.split(';')[0];
}

/** The `prr_member=value` part of a member session cookie the answer set; undefined if none (or a clearing one). */
export function memberCookieFrom(answer: Pick<Answer, 'headers'>): string | undefined {
  const pair = memberSetCookie(answer)?.split(';')[0];
  return pair && !pair.endsWith('=') ? pair : undefined;
}

/** Is this Set-Cookie line the member cookie's (`__Host-` prefixed in production)? */
const isMemberCookie = (line: string): boolean =>
  line.startsWith(`${MEMBER_SESSION_COOKIE}=`) || line.startsWith(`__Host-${MEMBER_SESSION_COOKIE}=`);

/** The full Set-Cookie line of the member cookie, for attribute checks. */
export function memberSetCookie(answer: Pick<Answer, 'headers'>): string | undefined {
  return answer.headers.getSetCookie().find(isMemberCookie);
}

export const JOIN = { name: 'Rosa Parks', email: 'rosa@example.org', zipCode: '36104' };

export interface SignedIn {
  /** `prr_member=...`, for the Cookie header. */
  cookie: string;
  /** GET /api/me with that cookie. */
  member: Member;
}

/** Joins as a NEW member; the joining browser is signed in: its cookie and the member's own view. */
export async function joinAndSignIn(
  baseUrl: string,
  body: { name: string; email: string; zipCode: string } = JOIN,
): Promise<SignedIn> {
  const joined = await call(baseUrl, 'POST', api.joinMovement.path, { body });
  if (joined.status !== 200) throw new Error(`join answered ${joined.status}: ${joined.text}`);
  const cookie = memberCookieFrom(joined);
  if (!cookie) throw new Error(`the join of ${body.email} set no member cookie (an address that had joined already?)`);
  return { cookie, member: await meWith(baseUrl, cookie) };
}

/** GET /api/me with a member cookie, or a failed test. */
export async function meWith(baseUrl: string, cookie: string): Promise<Member> {
  const me = await call(baseUrl, 'GET', api.me.path, { cookie });
  if (me.status !== 200) throw new Error(`GET /api/me answered ${me.status}: ${me.text}`);
  return Member.parse(me.body);
}

/**
 * Signs in the way another browser does: asks for a sign-in e-mail, reads the code from what the
 * app's mailer sent, and enters it. Answers the new cookie and the member.
 */
export async function signInByCode(s: Pick<TestServer, 'baseUrl' | 'mail'>, email: string): Promise<SignedIn> {
  const requested = await call(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email } });
  if (requested.status !== 200) throw new Error(`sign-in request answered ${requested.status}: ${requested.text}`);
  const { code } = s.mail.lastSignIn(email);
  const answer = await call(s.baseUrl, 'POST', api.signInWithCode.path, { body: { email, code } });
  const cookie = memberCookieFrom(answer);
  if (answer.status !== 200 || !cookie)
    throw new Error(`sign-in with the code answered ${answer.status}: ${answer.text}`);
  return { cookie, member: Member.parse(answer.body) };
}

// ---- the app's e-mails ------------------------------------------------------------------------

/** What a sign-in e-mail carries, read the way its recipient reads it. */
export interface SignInMail {
  message: MailMessage;
  code: string;
  /** The one-time link's token (the `signin` parameter of the link). */
  token: string;
  /** The whole link. */
  link: string;
}

export interface TestMailer extends Mailer {
  /** Every message accepted, in order. */
  readonly messages: MailMessage[];
  /** Messages to this address (case-insensitive), optionally of one kind ('signin'). */
  to(address: string, kind?: string): MailMessage[];
  /** The newest sign-in e-mail to this address, or a failed test. */
  lastSignIn(address: string): SignInMail;
}

/**
 * The key an e-mail's dashboard link carries in its fragment (`/dashboard#key=<key>`,
 * docs/decisions/025-e-mail-key-flow.md), or undefined.
 */
export function keyOfLink(link: string): string | undefined {
  return new URLSearchParams(new URL(link).hash.slice(1)).get('key') ?? undefined;
}

/** The code and one-time link of a sign-in e-mail, from its plain text. */
export function readSignInMail(message: MailMessage): SignInMail {
  // The code is the e-mail's quoted block ("  > 123456"); the link follows the button's label.
  const code = /^ *> (\d{6})$/m.exec(message.text)?.[1];
  const link = /(https?:\/\/\S+\/dashboard#key=[A-Za-z0-9%_-]+)/.exec(message.text)?.[1];
  const token = link ? keyOfLink(link) : undefined;
  if (!code || !link || !token) throw new Error(`not a sign-in e-mail:\n${message.text}`);
  return { message, code, token, link };
}

/** Records every message the app sends; with `forward`, hands it on first (a refusal is not recorded). */
export function testMailer(forward?: Mailer): TestMailer {
  const messages: MailMessage[] = [];
  const to = (address: string, kind?: string) =>
    messages.filter((m) => m.to.toLowerCase() === address.toLowerCase() && (kind === undefined || m.kind === kind));
  return {
    messages,
    to,
    lastSignIn: (address) => {
      const last = to(address, 'signin').at(-1);
      if (!last) throw new Error(`no sign-in e-mail to ${address}`);
      return readSignInMail(last);
    },
    send: async (message) => {
      const refused = await forward?.send(message);
      if (refused) return refused;
      messages.push(message);
      return undefined;
    },
    close: () => forward?.close?.(),
  };
}

/** A ripple-effect record for POST /api/me/ripple-effects. */
export function rippleRequest(week: number, overrides: Record<string, unknown> = {}) {
  return {
    week,
    relationshipImprovements: 2,
    positiveInteractions: 5,
    conflictsAvoided: 1,
    othersInspired: 3,
    notes: `Week ${week}`,
    ...overrides,
  };
}

/**
 * Everything the store holds, read through the store interface, so a test can tell "nothing
 * changed" on either store.
 */
export async function storeSnapshot(store: AppStore): Promise<unknown> {
  const members = await store.membersNewestFirst();
  return {
    members: await Promise.all(
      members.map(async (m) => ({
        ...m,
        reflections: await store.reflectionsOf(m.id),
        achievements: await store.achievementsOf(m.id),
        rippleEffects: await store.rippleEffectsOf(m.id),
      })),
    ),
    states: await store.states(),
    admins: await store.admins(),
  };
}

/** The first member the store holds (the newest), or a failed test. */
export async function onlyMemberId(store: AppStore): Promise<string> {
  const [member] = await store.membersNewestFirst(1);
  if (!member) throw new Error('expected a member in the store');
  return member.id;
}

/**
 * What the store has made durable: the lowdb data file as parsed from disk, or the members as the
 * PostgreSQL database answers on a new read (a committed transaction is all there is).
 */
export async function persistedMembers(s: Pick<TestServer, 'kind' | 'file' | 'store'>): Promise<StoredMember[]> {
  if (s.kind === 'lowdb') return (JSON.parse(await readFile(s.file, 'utf8')) as DbData).members;
  return s.store.membersNewestFirst();
}

/** Changes whenever anything stored changes: the data file's bytes, or the database's contents. */
export async function persistedFingerprint(s: Pick<TestServer, 'kind' | 'file' | 'store'>): Promise<string> {
  if (s.kind === 'lowdb') {
    // Rate limit counters are kept in the file too (a refused or repeated request counts), but
    // are no data of anyone's: as with PostgreSQL's snapshot, they are left out.
    const { rateLimits: _counters, ...data } = JSON.parse(await readFile(s.file, 'utf8')) as Record<string, unknown>;
    return createHash('sha256').update(JSON.stringify(data)).digest('hex');
  }
  return JSON.stringify(await storeSnapshot(s.store));
}

export interface StoredSignInState {
  /** SHA-256 of every live member session id (the store never keeps the id itself), sorted. */
  sessionHashes: string[];
  /** Pending sign-ins, by member id. */
  signIns: { memberId: string; wrongCodes: number; expiresAt: string }[];
}

/**
 * What the store keeps for member sign-in, read on either store (lowdb's data, PostgreSQL's tables).
 * With PostgreSQL each call opens a connection of its own, unless `client` is one to use (a test that
 * reads this thousands of times keeps one open).
 */
export async function storedSignInState(
  s: Pick<TestServer, 'kind' | 'store' | 'databaseUrl'>,
  client?: pg.Client,
): Promise<StoredSignInState> {
  if (s.kind === 'lowdb') {
    const data = (s.store as LowdbStore).data;
    return {
      sessionHashes: data.memberSessions.map((x) => x.idHash).sort(),
      signIns: data.signIns
        .map((x) => ({
          memberId: x.memberId,
          wrongCodes: x.wrongCodes,
          expiresAt: new Date(x.expiresAt).toISOString(),
        }))
        .sort((a, b) => a.memberId.localeCompare(b.memberId)),
    };
  }
  if (!client) return withAdmin(s.databaseUrl!, (own) => storedSignInState(s, own));
  const sessions = await client.query<{ id_hash: string }>('SELECT id_hash FROM member_sessions ORDER BY id_hash');
  const signIns = await client.query<{ member_id: string; wrong_codes: number; expires_at: Date }>(
    'SELECT member_id, wrong_codes, expires_at FROM sign_ins ORDER BY member_id',
  );
  return {
    sessionHashes: sessions.rows.map((r) => r.id_hash).sort(),
    signIns: signIns.rows
      .map((r) => ({ memberId: r.member_id, wrongCodes: r.wrong_codes, expiresAt: r.expires_at.toISOString() }))
      .sort((a, b) => a.memberId.localeCompare(b.memberId)),
  };
}

/** One line a capturing logger kept. */
export interface LogLine {
  level: string;
  msg: string;
  fields: Record<string, unknown>;
}

/** A logger that keeps every line in `lines`, for tests of what a log line holds (security events). */
export function capturingLogger(lines: LogLine[]): Logger {
  const keep =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      lines.push({ level, msg, fields });
    };
  return { debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
}
