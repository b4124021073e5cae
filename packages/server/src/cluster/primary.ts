/**
 * The cluster primary of `WEB_CONCURRENCY=N npm start` with N above 1
 * (docs/decisions/032-every-core-one-command.md). It opens no store and serves nothing: it forks N
 * workers, each running bin.ts's server on the one port (node:cluster's primary holds the listening
 * socket and hands each new connection to the next worker), replaces a worker that exits without
 * being asked to, and on SIGTERM/SIGINT passes the stop on and waits until every worker has drained.
 *
 * - The first worker starts alone and the others once it listens: it applies any pending migrations
 *   and seeds an empty database first, so the others start on a migrated database, and a start-up
 *   failure (a database it cannot reach) shows once instead of N times. PostgreSQL's advisory lock
 *   around migrations and the seed (store/postgres/migrate.ts) still guards every later start,
 *   such as a replacement worker's.
 * - A worker that exits before the site is up stops the others, and the primary exits 1, as a
 *   single process that cannot start does. Later exits go through the RestartPolicy.
 * - `listening` is logged once, when every worker listens, with the fields a single process logs
 *   and `workers`; each worker's own start and exit are logged with its pid.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { errorFields, type Logger } from '../log.js';
import { MetricsRequest, type MetricsAnswer } from '../operations/clusterMetrics.js';
import { listeningMessage } from './messages.js';
import { RestartPolicy } from './restartPolicy.js';

/** Why the primary stopped every worker and exits 1. */
export type ClusterFailure =
  | {
      code: 'worker_failed_to_start';
      pid: number | undefined;
      exitCode: number | null;
      /** As node:cluster reports it ('SIGKILL'), or null. */
      signal: string | null;
    }
  | { code: 'workers_crash_looping'; earlyExits: number; windowMs: number };

const FAILURE_MESSAGE: Record<ClusterFailure['code'], string> = {
  worker_failed_to_start: 'a worker failed to start (its own lines above say why); stopping the others',
  workers_crash_looping: 'workers keep exiting soon after they start; stopping instead of starting more',
};

type Stop = { kind: 'signal'; signal: NodeJS.Signals } | { kind: 'failure'; failure: ClusterFailure };

interface Member {
  worker: Worker;
  pid: number | undefined;
  /** When it reported listening (ms); undefined while it starts. */
  listeningSince: number | undefined;
}

export interface PrimaryOptions {
  /** How many workers to keep running (WEB_CONCURRENCY, above 1). */
  workers: number;
  logger: Logger;
}

export function runPrimary({ workers: size, logger }: PrimaryOptions): void {
  const members = new Map<number, Member>();
  const policy = new RestartPolicy();
  const replacements = new Set<NodeJS.Timeout>();
  /** Every worker listened once and `listening` was logged. */
  let ready = false;
  let stop: Stop | undefined;
  let uncleanStops = 0;

  const fork = (): void => {
    const worker = cluster.fork();
    members.set(worker.id, { worker, pid: worker.process.pid, listeningSince: undefined });
    // A failed spawn or a broken channel; the exit that follows is handled below.
    worker.on('error', (error) => logger.error('worker error', { pid: worker.process.pid, ...errorFields(error) }));
  };

  const finishIfDone = (): void => {
    if (!stop || members.size > 0) return;
    const clean = stop.kind === 'signal' && uncleanStops === 0;
    if (clean) logger.info('stopped', { workers: size });
    process.exit(clean ? 0 : 1);
  };

  const stopAll = (next: Stop): void => {
    // Ctrl+C reaches npm, scripts/start.mjs, this process and every worker alike, and the parents
    // forward it too: repeats are expected and ignored, as each worker ignores its own.
    if (stop) return;
    stop = next;
    for (const timer of replacements) clearTimeout(timer);
    replacements.clear();
    if (next.kind === 'signal') logger.info('shutting down', { signal: next.signal, workers: members.size });
    else logger.error(FAILURE_MESSAGE[next.failure.code], next.failure);
    // Each worker drains as a single process does (bin.ts): stop accepting, finish in-flight
    // requests, stop the e-mail scheduler, close the store, exit 0.
    const signal = next.kind === 'signal' ? next.signal : 'SIGTERM';
    for (const { worker } of members.values()) worker.process.kill(signal);
    finishIfDone();
  };

  // A worker asked for GET /metrics: every worker's figures, gathered by prom-client (operations/clusterMetrics.ts).
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, raw) => {
    const request = MetricsRequest.safeParse(raw);
    if (!request.success) return;
    const answer = (fields: Pick<MetricsAnswer, 'text' | 'error'>): void => {
      const message: MetricsAnswer = { type: 'prr:metrics', id: request.data.id, ...fields };
      if (worker.isConnected()) worker.send(message);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });

  cluster.on('message', (worker, raw) => {
    const message = listeningMessage(raw);
    const member = members.get(worker.id);
    if (!message || !member) return;
    member.listeningSince = Date.now();
    logger.info('worker listening', { pid: member.pid });
    if (stop || ready) return;
    // The first worker is up, so the database is migrated: the others start now, side by side.
    if (members.size < size) {
      for (let n = members.size; n < size; n += 1) fork();
      return;
    }
    if ([...members.values()].every((m) => m.listeningSince !== undefined)) {
      ready = true;
      logger.info('listening', { ...message.fields, workers: size });
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const member = members.get(worker.id);
    members.delete(worker.id);
    const fields = { pid: member?.pid ?? worker.process.pid, code, signal };
    if (stop) {
      // Exit 0 is a drained worker. A worker still starting has no handlers yet, so the stop's
      // signal (or Ctrl+C's, which reached it directly) ends it; it held no request.
      if (code === 0 || signal === 'SIGTERM' || signal === 'SIGINT') logger.info('worker stopped', fields);
      else {
        uncleanStops += 1;
        logger.error('worker did not stop cleanly', fields);
      }
      finishIfDone();
      return;
    }
    if (!ready) {
      stopAll({
        kind: 'failure',
        failure: { code: 'worker_failed_to_start', pid: fields.pid, exitCode: code, signal },
      });
      return;
    }
    const now = Date.now();
    const decision = policy.decide(now, member?.listeningSince === undefined ? undefined : now - member.listeningSince);
    if (decision.kind === 'give-up') {
      logger.error('worker exited', fields);
      stopAll({
        kind: 'failure',
        failure: { code: decision.code, earlyExits: decision.earlyExits, windowMs: decision.windowMs },
      });
      return;
    }
    logger.error('worker exited; starting another', { ...fields, inMs: decision.delayMs });
    const timer = setTimeout(() => {
      replacements.delete(timer);
      fork();
    }, decision.delayMs);
    replacements.add(timer);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll({ kind: 'signal', signal }));
  logger.info('starting workers', { workers: size, primary: process.pid });
  fork();
}
