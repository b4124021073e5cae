/**
 * Test harness: the real app on a random port (listen(0)) over a temporary copy of db.json,
 * with a fake clock. Every server gets its own directory, removed on close.
 */
import { mkdtemp, rm } from 'node:fs/promises';
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
import { openStore, type Store } from '../src/store/store.js';

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

export interface TestServer {
  baseUrl: string;
  store: Store;
  clock: FakeClock;
  dir: string;
  file: string;
  close(): Promise<void>;
}

export interface StartOptions {
  config?: Partial<AppConfig>;
  clock?: FakeClock;
  admin?: AdminSeed;
  hooks?: AppHooks;
  logger?: Logger;
  /** Reuse a data directory (restart tests); otherwise a fresh temp dir. */
  dir?: string;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'prr-server-')));
  const file = join(dir, 'db.json');
  const store = await openStore({ file, seedFile: SEED_FILE });
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
    clock,
    dir,
    file,
    close: async () => {
      await running.close(1000);
      await store.close();
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
