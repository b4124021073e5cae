/**
 * The contract suite against the real Koa server over HTTP: a fresh app on a random port with a
 * fresh data file per case, built the way `npm start` builds it (the environment's defaults,
 * production rate limits, the demo admin of a first start, the real clock).
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import {
  SEED_FILE,
  createApp,
  createUnsubscribeToken,
  ensureAdmin,
  listen,
  openStore,
  parseEnv,
  silentLogger,
  systemClock,
  toAppConfig,
} from '@prr/server';
import { runContractSuite } from './suite.js';

const SECRET = 'contract-suite-secret-0123456789-abcdefghijklmnop';
const dirs: string[] = [];

/**
 * db.json plus the demo admin a first start creates, made once: hashing the demo password
 * (argon2id) for every case would only slow the suite down.
 */
let template: Promise<string> | undefined;
function firstStartData(): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prr-contract-template-'));
    dirs.push(dir);
    const file = join(dir, 'db.json');
    const store = await openStore({ file, seedFile: SEED_FILE });
    await ensureAdmin(store, undefined);
    await store.close();
    return file;
  })();
  return template;
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

runContractSuite('Koa server', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'prr-contract-'));
  dirs.push(dir);
  const file = join(dir, 'db.json');
  await copyFile(await firstStartData(), file);
  const store = await openStore({ file, seedFile: SEED_FILE });
  const config = toAppConfig(parseEnv({ NODE_ENV: 'test', DATA_FILE: file }), SECRET);
  const app = await createApp({ store, clock: systemClock, config, logger: silentLogger });
  const running = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    baseUrl: running.url,
    close: async () => {
      await running.close(1000);
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
    unsubscribeToken: (memberId: string) => createUnsubscribeToken(memberId, SECRET),
  };
});
