/**
 * The contract suite against the real Koa server over HTTP: a fresh app on a random port with a
 * fresh store per case, built the way `npm start` builds it (the environment's defaults,
 * production rate limits, the demo admin of a first start, the real clock). The store is the one
 * this Vitest project runs on: lowdb in `server`, PostgreSQL in `server-postgres`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADMIN } from '@prr/contract';
import { createApp, createUnsubscribeToken, listen, parseEnv, silentLogger, systemClock, toAppConfig } from '@prr/server';
import { hashPassword } from '../packages/server/src/auth/passwords.js';
import { TEST_STORE, openTestStore } from '../packages/server/test/helpers.js';
import { runContractSuite } from './suite.js';

const SECRET = 'contract-suite-secret-0123456789-abcdefghijklmnop';

/** The demo admin a first start creates; hashed once (argon2id per case would only slow the suite). */
let demoHash: Promise<string> | undefined;

runContractSuite(`Koa server on ${TEST_STORE}`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'prr-contract-'));
  const opened = await openTestStore(TEST_STORE, dir);
  demoHash ??= hashPassword(DEMO_ADMIN.password);
  const passwordHash = await demoHash;
  await opened.store.write((tx) => tx.replaceAdmins([{ id: randomUUID(), name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, passwordHash }]));
  const config = toAppConfig(parseEnv({ NODE_ENV: 'test', DATA_FILE: opened.file }), SECRET);
  const app = await createApp({ store: opened.store, clock: systemClock, config, logger: silentLogger });
  const running = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    baseUrl: running.url,
    close: async () => {
      await running.close(1000);
      await opened.close();
      await rm(dir, { recursive: true, force: true });
    },
    unsubscribeToken: (memberId: string) => createUnsubscribeToken(memberId, SECRET),
  };
});
