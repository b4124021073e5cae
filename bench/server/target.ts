/**
 * One server under test, in its own process (the bench pins it to its own core). Started by
 * bench/server/harness.ts with the path of a JSON spec; answers on the IPC channel:
 *   -> { type: 'listening', port }            once it accepts connections
 *   <- { id, cmd: 'flushTime', samples }      time `samples` lone flushes of the data file (ms each)
 *   <- { id, cmd: 'stats' }                   the store's flush/commit counters (app only)
 *
 * Kinds:
 *   bare-http  node:http answering fixed bytes per path (the ceiling of the machine and Node)
 *   bare-koa   Koa 3 + @koa/router answering the same bytes (the ceiling of the framework)
 *   bare-koa-headers  the same, also sending the app's response headers (security headers and all),
 *              to tell what the header bytes cost from what the middleware costs
 *   app        the real createApp() on a temp data file, the join-per-IP rate limit raised
 *   naive      a tiny Koa app that pushes the member and awaits lowdb's db.write() per request
 *   pg-app     the real createApp() on the PostgreSQL store (openPostgresStore, pool of `poolMax`,
 *              20 as bin.ts), the same limit raised as `app`
 *   lowdb-store  only the lowdb store on a data file (no app; the port answers 404), for the
 *              capacity measurement: 'flushTimes' gives wall and CPU time of each lone flush
 *   <- { id, cmd: 'flushTimes', samples }     [{ wallMs, cpuMs }] of `samples` lone flushes (lowdb-store)
 *   <- { id, cmd: 'rss' }                     this process's resident memory (VmRSS), bytes (pg-app)
 *   <- { id, cmd: 'pool' }                    the pool's total, idle and waiting counts (pg-app)
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';
import {
  DEFAULT_RATE_LIMITS,
  SEED_FILE,
  type AppConfig,
  createApp,
  createLogger,
  listen,
  openLowdbStore,
  parseEnv,
  toAppConfig,
} from '@prr/server';
import { openPostgresStore } from '../../packages/server/src/store/postgres/postgresStore.js';
import { BENCH_ADMIN } from './data.js';

export interface FixedRoute {
  path: string;
  contentType: string;
  /** base64 */
  body: string;
  /** The app's own response headers (without Date, Content-Length, Connection, Keep-Alive). */
  headers: Record<string, string>;
}

export type TargetSpec =
  | { kind: 'bare-http'; routes: FixedRoute[] }
  | { kind: 'bare-koa'; routes: FixedRoute[] }
  | { kind: 'bare-koa-headers'; routes: FixedRoute[] }
  | { kind: 'app'; dataFile: string }
  | { kind: 'naive'; dataFile: string }
  | { kind: 'pg-app'; databaseUrl: string; poolMax?: number }
  | { kind: 'lowdb-store'; dataFile: string };

interface Command {
  id: number;
  cmd: string;
  samples?: number;
}

type Handlers = Record<string, (command: Command) => Promise<unknown>>;

const HOST = '127.0.0.1';

function send(message: unknown): void {
  process.send?.(message);
}

/**
 * The production limits (config.ts DEFAULT_RATE_LIMITS), except joins per IP: every bench join
 * comes from 127.0.0.1. Joins per address hold, as each join has its own e-mail.
 */
function raisedRateLimits(): AppConfig['rateLimits'] {
  return { ...DEFAULT_RATE_LIMITS, joinPerIp: { points: 1_000_000_000, duration: 60 } };
}

/** What bin.ts reads in production, less the store: production refuses to start without an admin account. */
const productionEnv = (): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
});

async function timeFlushes(samples: number, flushOnce: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    await flushOnce();
    times.push(performance.now() - start);
  }
  return times;
}

async function bareHttp(routes: FixedRoute[]): Promise<{ port: number; handlers: Handlers }> {
  const table = new Map(routes.map((r) => [r.path, { type: r.contentType, body: Buffer.from(r.body, 'base64') }]));
  const server = createServer((req, res) => {
    const hit = table.get(req.url ?? '');
    if (!hit) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': hit.type, 'Content-Length': hit.body.length });
    res.end(hit.body);
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return { port: (server.address() as AddressInfo).port, handlers: {} };
}

async function bareKoa(routes: FixedRoute[], withHeaders = false): Promise<{ port: number; handlers: Handlers }> {
  const app = new Koa();
  const router = new Router();
  for (const route of routes) {
    const body = Buffer.from(route.body, 'base64');
    router.get(route.path, (ctx) => {
      if (withHeaders) ctx.set(route.headers);
      ctx.type = route.contentType;
      ctx.body = body;
    });
  }
  app.use(router.routes());
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return { port: (server.address() as AddressInfo).port, handlers: {} };
}

async function fullApp(dataFile: string): Promise<{ port: number; handlers: Handlers }> {
  // The production configuration from the environment, as bin.ts builds it, except the
  // per-IP join limit (raisedRateLimits).
  const env = parseEnv({ ...productionEnv(), DATA_FILE: dataFile });
  const config = toAppConfig(env, 'bench-secret-'.padEnd(48, 'x'));
  config.rateLimits = raisedRateLimits();
  const logger = createLogger('error');
  const store = await openLowdbStore({ file: dataFile, logger });
  const app = await createApp({ store, config, logger });
  const running = await listen(app, { port: 0, host: HOST });
  return {
    port: running.port,
    handlers: {
      flushTime: async ({ samples = 5 }) => timeFlushes(samples, () => store.file.commit()),
      stats: async () => ({ ...store.file.stats, members: store.data.members.length }),
    },
  };
}

/** VmRSS of this process from /proc (what `ps` shows), in bytes; process.memoryUsage().rss elsewhere. */
function residentBytes(): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.memoryUsage().rss;
}

async function postgresApp(databaseUrl: string, poolMax = 20): Promise<{ port: number; handlers: Handlers }> {
  // As fullApp, on PostgreSQL.
  const env = parseEnv({ ...productionEnv(), DATABASE_URL: databaseUrl });
  const config = toAppConfig(env, 'bench-secret-'.padEnd(48, 'x'));
  config.rateLimits = raisedRateLimits();
  const logger = createLogger('error');
  const store = await openPostgresStore({ url: databaseUrl, seedFile: SEED_FILE, logger, poolMax });
  const app = await createApp({ store, config, logger });
  const running = await listen(app, { port: 0, host: HOST });
  return {
    port: running.port,
    handlers: {
      rss: async () => residentBytes(),
      pool: async () => ({
        total: store.pool.totalCount,
        idle: store.pool.idleCount,
        waiting: store.pool.waitingCount,
      }),
    },
  };
}

async function lowdbStoreOnly(dataFile: string): Promise<{ port: number; handlers: Handlers }> {
  const store = await openLowdbStore({ file: dataFile, logger: createLogger('error') });
  const server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    handlers: {
      flushTimes: async ({ samples = 5 }) => {
        const times: Array<{ wallMs: number; cpuMs: number }> = [];
        for (let i = 0; i < samples; i += 1) {
          const cpu = process.cpuUsage();
          const start = performance.now();
          await store.file.commit();
          const used = process.cpuUsage(cpu);
          times.push({ wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 });
        }
        return times;
      },
      rss: async () => residentBytes(),
    },
  };
}

interface NaiveData {
  members: Array<Record<string, unknown>>;
}

async function naiveLowdb(dataFile: string): Promise<{ port: number; handlers: Handlers }> {
  // The same compact JSON as the real store, so the comparison is about batching, not indentation.
  const adapter = new DataFile<NaiveData>(dataFile, { parse: JSON.parse, stringify: (data) => JSON.stringify(data) });
  const db = new Low<NaiveData>(adapter, { members: [] });
  await db.read();
  const app = new Koa();
  const router = new Router();
  router.post('/api/movement/join', async (ctx) => {
    const { name, email, zipCode } = ctx.request.body as { name: string; email: string; zipCode: string };
    db.data.members.push({
      id: randomUUID(),
      name,
      email,
      zipCode,
      state: '',
      joinedAt: new Date().toISOString(),
      isActive: true,
      emailReminders: true,
      reminderTime: '09:00',
      timezone: 'America/New_York',
      points: 25,
      level: 'Explorer',
    });
    await db.write();
    ctx.status = 201;
    ctx.body = { joined: true };
  });
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(router.routes());
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    handlers: { flushTime: async ({ samples = 5 }) => timeFlushes(samples, () => db.write()) },
  };
}

async function main(): Promise<void> {
  const specFile = process.argv[2];
  if (!specFile) throw new Error('usage: target.ts <spec.json>');
  const spec = JSON.parse(readFileSync(specFile, 'utf8')) as TargetSpec;
  const start = (): Promise<{ port: number; handlers: Handlers }> => {
    switch (spec.kind) {
      case 'bare-http':
        return bareHttp(spec.routes);
      case 'bare-koa':
        return bareKoa(spec.routes);
      case 'bare-koa-headers':
        return bareKoa(spec.routes, true);
      case 'app':
        return fullApp(spec.dataFile);
      case 'naive':
        return naiveLowdb(spec.dataFile);
      case 'pg-app':
        return postgresApp(spec.databaseUrl, spec.poolMax);
      case 'lowdb-store':
        return lowdbStoreOnly(spec.dataFile);
    }
  };
  const { port, handlers } = await start();

  process.on('message', (message: Command) => {
    const handler = handlers[message.cmd];
    if (!handler) {
      send({ id: message.id, error: `unknown command ${message.cmd} for ${spec.kind}` });
      return;
    }
    handler(message).then(
      (result) => send({ id: message.id, result }),
      (error: unknown) => send({ id: message.id, error: String(error) }),
    );
  });
  // The parent going away (even by SIGKILL) closes the channel: do not outlive it.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'listening', port });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
