/**
 * Test harness: the real app on a random port (listen(0)) over a real store, with a fake clock.
 * The store is a temporary lowdb copy of db.json, or, with `store: 'postgres'` (or
 * PRR_TEST_STORE=postgres, as the `server-postgres` Vitest project sets), a fresh PostgreSQL
 * database made from the migrated and seeded template (test/postgres/). Every server gets its own
 * directory (and database), removed on close.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { ensureAdmin, type AdminSeed } from '../src/auth/adminAccount.js';
import { FakeClock } from '../src/clock.js';
import { DEFAULT_RATE_LIMITS, type AppConfig } from '../src/config.js';
import type { AppHooks } from '../src/http/deps.js';
import { silentLogger, type Logger } from '../src/log.js';
import { SEED_FILE } from '../src/paths.js';
import { listen } from '../src/server.js';
import { openLowdbStore } from '../src/store/lowdb/lowdbStore.js';
import { openPostgresStore } from '../src/store/postgres/postgresStore.js';
import type { DbData, StoredMember } from '../src/store/schema.js';
import type { AppStore, StoreKind } from '../src/store/types.js';
import { dropDatabase, freshDatabaseUrl } from './postgres/databases.js';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const START = '2026-03-02T14:00:00.000Z';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    production: false,
    staticDir: join(tmpdir(), 'prr-no-such-dist'),
    sessionSecret: TEST_SECRET,
    sessionIdleMs: 30 * 60_000,
    trustProxy: false,
    allowedOrigins: [],
    jsonLimit: '32kb',
    // Generous by default so unrelated tests never hit them; rate-limit tests set their own.
    rateLimits: {
      login: { ...DEFAULT_RATE_LIMITS.login, points: 1000 },
      loginPerIp: { ...DEFAULT_RATE_LIMITS.loginPerIp, points: 1000 },
      memberLookup: { ...DEFAULT_RATE_LIMITS.memberLookup, points: 1000 },
    },
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
  /** Closes the store and drops the database (the directory is the caller's). */
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
    databaseUrl = await freshDatabaseUrl();
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
      if (!keep) await dropDatabase(url);
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
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'prr-server-')));
  const kind = options.store ?? TEST_STORE;
  const opened = await openTestStore(kind, dir, options.dir !== undefined);
  const store = opened.store;
  await ensureAdmin(store, options.admin);
  const clock = options.clock ?? new FakeClock(START);
  const app = await createApp({
    store,
    clock,
    config: testConfig(options.config),
    logger: options.logger ?? silentLogger,
    ...(options.hooks ? { hooks: options.hooks } : {}),
  });
  const running = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    baseUrl: running.url,
    store,
    kind,
    clock,
    dir,
    file: opened.file,
    databaseUrl: opened.databaseUrl,
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

/** The `name=value` part of our session cookie from a response, for the next request. */
export function sessionCookieFrom(answer: Answer): string | undefined {
  const setCookie = answer.headers.getSetCookie().find((c) => c.startsWith('prr_admin='));
  return setCookie?.split(';')[0];
}

export const JOIN = { name: 'Rosa Parks', email: 'rosa@example.org', zipCode: '36104' };

export function reflectionBody(memberId: string, day: number, overrides: Record<string, unknown> = {}) {
  return {
    memberId,
    day,
    date: new Date(Date.parse('2026-03-02T00:00:00Z') + (day - 1) * 86_400_000).toISOString().slice(0, 10),
    paused: true,
    reflected: true,
    retried: false,
    notes: 'Counted to three.',
    mood: 7,
    conflictCount: 1,
    successfulResponses: 2,
    promptResponse: 'I listened first.',
    gratitudePractice: true,
    breathingExercise: true,
    perspectiveTaking: false,
    empathyScore: 8,
    selfAwarenessScore: 6,
    reflectionPrompt: 'The First Pause',
    exerciseType: 'breathing',
    completedExercises: 2,
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
  if (s.kind === 'lowdb') return createHash('sha256').update(await readFile(s.file)).digest('hex');
  return JSON.stringify(await storeSnapshot(s.store));
}
