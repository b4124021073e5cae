/**
 * The contract suite against the real Koa server over HTTP: a fresh app on a random port with a
 * fresh store per case, built the way `npm start` builds it (the environment's defaults,
 * production rate limits, the demo admin of a first start, the real clock, which a case may move
 * on by days). The store is the one this Vitest project runs on: lowdb in `server`, PostgreSQL in
 * `server-postgres`. The mailer keeps what the app sends, so a case can read the code and link of
 * a sign-in e-mail as the member would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADMIN } from '@prr/contract';
import {
  createApp,
  createDashboardLinkToken,
  createUnsubscribeToken,
  listen,
  parseEnv,
  silentLogger,
  toAppConfig,
  type Clock,
  type MailMessage,
  type Mailer,
} from '@prr/server';
import { hashPassword } from '../packages/server/src/auth/passwords.js';
import { totpCode } from '../packages/server/src/auth/totp.js';
import { TEST_STORE, openTestStore } from '../packages/server/test/helpers.js';
import { runContractSuite } from './suite.js';

const SECRET = 'contract-suite-secret-0123456789-abcdefghijklmnop';

/** The demo admin a first start creates; hashed once (argon2id per case would only slow the suite). */
let demoHash: Promise<string> | undefined;

/** A mailer that keeps every message, newest last. */
function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push(message);
    },
  };
}

runContractSuite(`Koa server on ${TEST_STORE}`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'prr-contract-'));
  const opened = await openTestStore(TEST_STORE, dir);
  demoHash ??= hashPassword(DEMO_ADMIN.password);
  const passwordHash = await demoHash;
  await opened.store.write((tx) =>
    tx.replaceAdmins([{ id: randomUUID(), name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, passwordHash }]),
  );
  const config = toAppConfig(parseEnv({ NODE_ENV: 'test', DATA_FILE: opened.file }), SECRET);
  const mailer = capturingMailer();
  // The real time plus however far the case moved the clock: never frozen, so time still passes.
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  const app = await createApp({ store: opened.store, clock, config, logger: silentLogger, mailer });
  const running = await listen(app, { port: 0, host: '127.0.0.1' });

  /** The last sign-in e-mail to this address. */
  const lastSignIn = (email: string): MailMessage | undefined =>
    mailer.sent.findLast((m) => m.kind === 'signin' && m.to.trim().toLowerCase() === email.trim().toLowerCase());

  return {
    baseUrl: running.url,
    close: async () => {
      await running.close(1000);
      await opened.close();
      await rm(dir, { recursive: true, force: true });
    },
    unsubscribeToken: (memberId: string) => createUnsubscribeToken(memberId, SECRET),
    advanceClock: (days) => {
      offsetMs += days * 86_400_000;
    },
    // The case plays the admin's authenticator app; passkeys are proved in the browser journey.
    requireAdminSecondFactor: () => {
      config.adminSecondFactor = 'required';
    },
    adminTotpCode: (secret, steps = 0) => totpCode(secret, new Date(clock.now().getTime() + steps * 30_000)),
    lastSignInCode: async (email) => lastSignIn(email)?.subject.match(/^Your sign-in code: (\d{6})$/)?.[1],
    lastSignInLink: async (email) => {
      const link = lastSignIn(email)?.text.match(/\/dashboard#key=([A-Za-z0-9_%-]+)/)?.[1];
      return link === undefined ? undefined : decodeURIComponent(link);
    },
    emailKey: (memberId) => createDashboardLinkToken(memberId, SECRET, new Date(Date.now() + offsetMs)),
  };
});
