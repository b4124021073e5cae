/**
 * The servers and the store of the metrics' cost (metricsCost.ts), in one process the bench pins
 * to the server core. Started by metricsCost.ts with a temp data file's path and the route's path;
 * answers on the IPC channel (harness.ts ipcChild):
 *   -> { type: 'listening' }                   once every server accepts connections
 *   <- { id, cmd: 'ports' }                    { koa, koaMetrics, app, appTimed }
 *   <- { id, cmd: 'storeCalls', timed, calls } ns per `store.states()` over `calls` calls in a row
 *   <- { id, cmd: 'cpu' }                      this process's CPU time so far (user + system), µs
 *   <- { id, cmd: 'appCounts' }                appTimed's requests and store calls so far, by its own metrics
 *
 * Servers, each on 127.0.0.1 and a port of its own:
 *   koa         Koa 3 + @koa/router answering a small JSON on the route's path
 *   koaMetrics  the same behind the app's request metrics (httpMetrics, a fresh createMetrics())
 *   app         the real createApp() on a lowdb store in a temp file (its request metrics always on)
 *   appTimed    the same app on the same store wrapped by timedStore, as bin.ts builds it
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { createApp, createLogger, listen, openLowdbStore, parseEnv, SEED_FILE, toAppConfig } from '@prr/server';
import type { AppState } from '../../packages/server/src/http/context.js';
import { createMetrics } from '../../packages/server/src/operations/metrics.js';
import { httpMetrics } from '../../packages/server/src/operations/httpMetrics.js';
import { timedStore } from '../../packages/server/src/operations/timedStore.js';
import { memoryLowdbStore } from '../../packages/server/src/store/lowdb/lowdbStore.js';
import { DbData } from '../../packages/server/src/store/schema.js';
import type { AppStore } from '../../packages/server/src/store/types.js';
import { BENCH_ADMIN } from './data.js';

export interface AppCounts {
  requests: number;
  /** Store calls by operation (`states`, `sessions.touch`...). */
  storeCalls: Record<string, number>;
}

export interface MetricsPorts {
  koa: number;
  koaMetrics: number;
  app: number;
  appTimed: number;
}

interface Command {
  id: number;
  cmd: string;
  timed?: boolean;
  calls?: number;
}

const HOST = '127.0.0.1';

/** A small JSON the size of the real route's answer, on the route's pattern (the metrics' label). */
async function bareKoa(path: string, withMetrics: boolean): Promise<number> {
  const app = new Koa<AppState>();
  if (withMetrics) app.use(httpMetrics(createMetrics()));
  const router = new Router<AppState>();
  router.get(path, (ctx) => {
    ctx.body = { goal: 50_000, total: 1234 };
  });
  app.use(router.routes());
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return (server.address() as AddressInfo).port;
}

/** The app as target.ts's `app` builds it (production settings from the environment), on `store`. */
async function realApp(
  store: AppStore,
  dataFile: string,
  timed: boolean,
): Promise<{ port: number; counts: () => Promise<AppCounts> }> {
  const env = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    DATA_FILE: dataFile,
  });
  const config = toAppConfig(env, 'bench-secret-'.padEnd(48, 'x'));
  const logger = createLogger('error');
  // As bin.ts: one set of instruments for the app and its timed store.
  const metrics = createMetrics();
  const app = await createApp({ store: timed ? timedStore(store, metrics) : store, config, logger, metrics });
  const { port } = await listen(app, { port: 0, host: HOST });
  const counts = async (): Promise<AppCounts> => {
    const requests = (await metrics.httpRequests.get()).values.reduce((t, v) => t + v.value, 0);
    const storeCalls: Record<string, number> = {};
    for (const v of (await metrics.storeDuration.get()).values)
      if (v.metricName?.endsWith('_count')) {
        const operation = String(v.labels.operation);
        storeCalls[operation] = (storeCalls[operation] ?? 0) + v.value;
      }
    return { requests, storeCalls };
  };
  return { port, counts };
}

/** The seed in memory, as the tests' memoryStore() builds it: the call is the store's own work alone. */
function seedStores(): { raw: AppStore; timed: AppStore } {
  const raw = memoryLowdbStore(DbData.parse(JSON.parse(readFileSync(SEED_FILE, 'utf8'))));
  return { raw, timed: timedStore(raw, createMetrics()) };
}

async function perCall(store: AppStore, calls: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i += 1) await store.states();
  return Number(process.hrtime.bigint() - started) / calls;
}

async function main(): Promise<void> {
  const [dataFile, path] = process.argv.slice(2);
  if (!dataFile || !path) throw new Error('usage: metricsTarget.ts <data file> <path>');
  const store = await openLowdbStore({ file: dataFile, seedFile: SEED_FILE, logger: createLogger('error') });
  const app = await realApp(store, dataFile, false);
  const appTimed = await realApp(store, dataFile, true);
  const ports: MetricsPorts = {
    koa: await bareKoa(path, false),
    koaMetrics: await bareKoa(path, true),
    app: app.port,
    appTimed: appTimed.port,
  };
  const stores = seedStores();
  const handlers: Record<string, (command: Command) => Promise<unknown>> = {
    ports: async () => ports,
    storeCalls: ({ timed, calls = 100_000 }) => perCall(timed ? stores.timed : stores.raw, calls),
    cpu: async () => {
      const used = process.cpuUsage();
      return used.user + used.system;
    },
    appCounts: appTimed.counts,
  };
  process.on('message', (message: Command) => {
    const handler = handlers[message.cmd];
    if (!handler) {
      process.send?.({ id: message.id, error: `unknown command ${message.cmd}` });
      return;
    }
    handler(message).then(
      (result) => process.send?.({ id: message.id, result }),
      (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
    );
  });
  // The parent going away (even by SIGKILL) closes the channel: do not outlive it.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'listening' });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
