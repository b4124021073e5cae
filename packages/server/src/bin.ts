/**
 * The production entry (thin, like json-server's bin): environment -> store (PostgreSQL with
 * DATABASE_URL, else the lowdb file) -> admin -> app -> listen. Logs one JSON line `{"msg":"listening","port":...}` that tools (and the crash test)
 * parse. SIGTERM/SIGINT: stop accepting, finish in-flight requests (cut after 10 s), flush the
 * store, exit 0.
 *
 * WEB_CONCURRENCY above 1 (the default with DATABASE_URL: one per core) makes this process a
 * cluster primary that serves nothing and forks that many workers, each of which runs `serve`
 * below on the same port; the primary logs the `listening` line once all of them listen
 * (cluster/primary.ts, docs/decisions/032-every-core-one-command.md). With 1, nothing is in between.
 */
import cluster from 'node:cluster';
import { createApp } from './app.js';
import { ensureAdmin } from './auth/adminAccount.js';
import { weakAdminPasswordWarning } from './auth/adminPasswordWarning.js';
import { systemClock } from './clock.js';
import { runPrimary } from './cluster/primary.js';
import { reportListening, workerLogger } from './cluster/worker.js';
import { ConfigError, parseEnv, toAppConfig, type EnvConfig } from './config.js';
import { createLogger, errorFields, type Logger } from './log.js';
import { createMailer } from './mail/transports.js';
import { SEED_FILE } from './paths.js';
import { EmailScheduler } from './scheduler/emailScheduler.js';
import { RetentionJob } from './scheduler/retention.js';
import { listen } from './server.js';
import { StoreOpenError } from './store/lowdb/dataFile.js';
import { openAppStore } from './store/open.js';
import { clusterMetricsText } from './operations/clusterMetrics.js';
import { countedMailer } from './operations/countedMailer.js';
import { createMetrics } from './operations/metrics.js';
import { timedStore } from './operations/timedStore.js';

/** Loud, not fatal: the second factor guards production (docs/decisions/027-admin-second-factor.md). */
function warnOfWeakAdminPassword(env: EnvConfig, logger: Logger): void {
  const weakPassword = weakAdminPasswordWarning(env);
  if (weakPassword) logger.error('weak admin password', { warning: weakPassword });
}

async function serve(env: EnvConfig, logger: Logger): Promise<void> {
  // One set of instruments for the app, the store and the scheduler (docs/deploy.md#watching-it).
  const metrics = createMetrics();
  const opened = await openAppStore({
    databaseUrl: env.databaseUrl,
    databasePoolMax: env.databasePoolMax,
    dataFile: env.dataFile,
    seedFile: SEED_FILE,
    logger,
  });
  const store = timedStore(opened, metrics);
  const sessionSecret = env.sessionSecret ?? (await store.sessionSecret());
  await ensureAdmin(store, env.admin, logger);
  // A cluster's primary has said it once for all its workers.
  if (!cluster.isWorker) warnOfWeakAdminPassword(env, logger);
  // E-mail: SMTP_URL or the .eml outbox; the scheduler sends the welcome and first reflection
  // after a join and a level-up after points rise (the hooks), and the daily reflections (checked
  // every minute, which also finds whatever a hook missed).
  // DKIM_*: the key is read here; an unusable one stops the start as a ConfigError.
  const mailer = countedMailer(
    createMailer({
      smtpUrl: env.smtpUrl,
      outboxDir: env.outboxDir,
      from: env.mailFrom,
      dkim: env.dkim,
      logger,
    }),
    metrics,
  );
  const email = new EmailScheduler({
    store,
    clock: systemClock,
    mailer,
    logger,
    publicUrl: env.publicUrl,
    unsubscribeSecret: sessionSecret,
    metrics,
  });
  // Deletes what is past its retention once a day (docs/product/rules.md#retention). Every worker
  // of a cluster runs it; on PostgreSQL an advisory lock lets one purge run at a time.
  const retention = new RetentionJob({ store, clock: systemClock, logger });
  const app = await createApp({
    store,
    clock: systemClock,
    config: toAppConfig(env, sessionSecret),
    logger,
    mailer,
    metrics,
    // In a cluster a scrape reaches one worker, which answers for all of them through the primary.
    ...(cluster.isWorker ? { metricsText: () => clusterMetricsText() } : {}),
    hooks: {
      memberJoined: (member) => email.memberJoined(member),
      pointsRaised: (memberId) => email.pointsRaised(memberId),
    },
  });
  const running = await listen(app, { port: env.port, host: env.host });

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    // Ctrl+C reaches npm, scripts/start.mjs and this process alike (and, in a cluster, the primary
    // and every worker), and the parents forward it too: repeats are expected and ignored. The
    // close has its own grace timeout, so it ends.
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    try {
      await running.close();
      await email.stop();
      await retention.stop();
      await mailer.close?.();
      await store.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error('shutdown failed', errorFields(error));
      process.exit(1);
    }
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
  // Announced only once the handlers are in place: a supervisor (or test) that sends SIGTERM as
  // soon as it reads this line must get a drain and exit 0, not a process killed by the signal
  // (found by test/proof/crash.lowdb.test.ts, whose last restart is stopped right away). A worker
  // tells the primary instead, which logs the line once every worker listens.
  const listening = {
    port: running.port,
    host: env.host,
    url: running.url,
    store: store.kind,
    ...(store.kind === 'lowdb' ? { dataFile: env.dataFile } : {}),
  };
  if (cluster.isWorker) reportListening(listening);
  else logger.info('listening', listening);
  await email.start();
  retention.start();
}

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const logger = createLogger(env.logLevel);
  if (cluster.isPrimary && env.webConcurrency > 1) {
    warnOfWeakAdminPassword(env, logger);
    runPrimary({ workers: env.webConcurrency, logger });
    return;
  }
  await serve(env, cluster.isWorker ? workerLogger(logger) : logger);
}

main().catch((error: unknown) => {
  // Config and data-file problems are the operator's to fix: say what and where, no stack.
  const known = error instanceof ConfigError || error instanceof StoreOpenError;
  process.stderr.write(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'error',
      msg: 'server failed to start',
      ...(cluster.isWorker ? { pid: process.pid } : {}),
      ...(known ? { error: (error as Error).message } : errorFields(error)),
    }) + '\n',
  );
  if (known) process.stderr.write(`\n${(error as Error).message}\n`);
  process.exit(1);
});
