/**
 * `WEB_CONCURRENCY=2` on PostgreSQL, over the real bin.ts: a cluster primary and two workers on
 * one port (docs/decisions/032-every-core-one-command.md). Which worker answered a connection is
 * read from /proc (cluster.helpers.ts); the workers' pids from the primary's `worker listening`
 * lines. Every wait is for a line the processes log, an answer or an exit.
 *
 * - Both workers answer on the one port, and `listening` is logged once, after both listen.
 * - One scrape of /metrics counts what both workers answered (prom-client's cluster aggregation).
 * - A SIGKILLed worker is replaced (the primary logs it); the port answers meanwhile and after,
 *   from the survivor and then from both.
 * - SIGTERM drains: requests in flight at both workers when it arrives are answered, and every
 *   join acknowledged with a 200 (those and a burst running through the stop) is in the database
 *   when the cluster starts again; that cluster is then stopped as Ctrl+C stops it, the SIGINT
 *   reaching every process of the group, twice: each process stops once, and the primary exits 0.
 * - Each e-mail is written once across two workers sharing one outbox: the welcome and first
 *   reflection of 20 members who joined through both, with the e-mail log locked meanwhile so that
 *   both workers' start-up checks and the join hooks go for the messages when it opens.
 * - A worker that cannot start stops the cluster with exit 1, once, without starting another.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, pathFor } from '@prr/contract';
import { joinBurst } from './joinBurst.js';
import {
  holdRequest,
  logLines,
  type HeldRequest,
  requestAnsweredBy,
  untilLogged,
  workerPids,
  type LogLine,
} from './cluster.helpers.js';
import {
  databaseUrl as databaseOnServer,
  deliveriesOf,
  dropDatabase,
  freshDatabaseUrl,
  testServerUrl,
  withAdmin,
} from './postgres/databases.js';
import { metricValue } from './metrics.helpers.js';
import { killAllServers, printFigures, readOutbox, startBin, type ServerProcess } from './proof/support.js';

const SECRET = 'cluster-postgres-secret-0123456789abcdef-0123456789';

let dir = '';
const databases: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-cluster-pg-'));
});

afterAll(async () => {
  killAllServers();
  for (const url of databases) await dropDatabase(url);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function database(): Promise<string> {
  const url = await freshDatabaseUrl();
  databases.push(url);
  return url;
}

function startCluster(
  databaseUrl: string,
  options: { outbox?: string; detached?: boolean } = {},
): Promise<ServerProcess> {
  return startBin({
    dataFile: join(dir, 'unused-db.json'),
    env: {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: SECRET,
      WEB_CONCURRENCY: '2',
      OUTBOX_DIR: options.outbox ?? join(dir, 'outbox'),
    },
    ...(options.detached ? { spawn: { detached: true } } : {}),
  });
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

const statsAnsweredBy = (server: ServerProcess, pids: readonly number[]) =>
  requestAnsweredBy(server.baseUrl, { method: 'GET', path: api.movementStats.path }, pids);

/** Lines of `msg` a worker (with a pid) or the primary (without) wrote. */
const linesOf = (lines: LogLine[], msg: string, pid?: number): LogLine[] =>
  lines.filter((line) => line.msg === msg && line.pid === pid);

describe('two workers on one port', () => {
  let server: ServerProcess;
  let pids: number[];

  beforeAll(async () => {
    server = await startCluster(await database());
    pids = workerPids(server);
  }, 60_000);

  afterAll(async () => {
    if (server.child.exitCode === null) await stop(server);
  });

  it('both workers answer on the one port, and listening is logged once, after both listen', async () => {
    expect(pids).toHaveLength(2);
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(server.pid);

    const lines = logLines(server.output());
    const listening = lines.filter((line) => line.msg === 'listening');
    expect(listening).toHaveLength(1);
    expect(listening[0]).toMatchObject({ store: 'postgres', workers: 2, url: server.baseUrl });
    expect(server.output()).toMatch(/"msg":"listening","port":\d+/);
    const lastWorker = lines.findLastIndex((line) => line.msg === 'worker listening');
    expect(lines.indexOf(listening[0]!)).toBeGreaterThan(lastWorker);

    const answeredBy: (number | undefined)[] = [];
    for (let n = 0; n < 8; n += 1) {
      const answer = await statsAnsweredBy(server, pids);
      expect(answer.status, answer.text).toBe(200);
      answeredBy.push(answer.answeredBy);
    }
    expect(answeredBy, 'every connection is held by a worker').not.toContain(undefined);
    expect(new Set(answeredBy), 'both workers answered').toEqual(new Set(pids));
    printFigures('cluster-share', {
      workers: pids.length,
      connections: answeredBy.length,
      perWorker: pids.map((pid) => answeredBy.filter((p) => p === pid).length),
    });
  });

  it('one scrape of /metrics counts the requests both workers answered', async () => {
    const route = { method: 'GET', route: api.reflectionPrompt.path, status: '200' };
    const scrape = async (): Promise<string> => {
      const answer = await fetch(`${server.baseUrl}/metrics`);
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const before = metricValue(await scrape(), 'prr_http_requests_total', route);
    const answeredBy: (number | undefined)[] = [];
    for (let day = 1; day <= 10; day += 1) {
      const answer = await requestAnsweredBy(
        server.baseUrl,
        { method: 'GET', path: pathFor(api.reflectionPrompt, { day }) },
        pids,
      );
      expect(answer.status).toBe(200);
      answeredBy.push(answer.answeredBy);
    }
    expect(new Set(answeredBy), 'both workers answered').toEqual(new Set(pids));
    // Whichever worker the scrape reaches answers for both, through the primary.
    const after = await scrape();
    expect(metricValue(after, 'prr_http_requests_total', route) - before).toBe(10);
    expect(metricValue(after, 'prr_db_pool_connections_idle')).toBeGreaterThanOrEqual(2);
  });

  it('a SIGKILLed worker is replaced, and the port answers meanwhile and after', async () => {
    const [victim, survivor] = pids as [number, number];
    process.kill(victim, 'SIGKILL');
    const afterKill = await untilLogged(
      server,
      (lines) => lines.some((line) => line.msg === 'worker exited; starting another' && line.pid === victim),
      'the primary sees the worker die',
    );
    expect(
      afterKill.find((line) => line.pid === victim && line.msg === 'worker exited; starting another'),
    ).toMatchObject({ signal: 'SIGKILL', code: null });

    // The primary no longer hands connections to the dead worker: every one is answered.
    for (let n = 0; n < 4; n += 1) {
      const answer = await statsAnsweredBy(server, [survivor, ...workerPids(server)]);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.answeredBy).toBeDefined();
      expect(answer.answeredBy).not.toBe(victim);
    }

    const lines = await untilLogged(
      server,
      (all) => all.some((line) => line.msg === 'worker listening' && !pids.includes(line.pid ?? 0)),
      'the replacement listens',
    );
    const replacement = lines.find((line) => line.msg === 'worker listening' && !pids.includes(line.pid ?? 0))!
      .pid as number;
    const answeredBy = new Set<number | undefined>();
    for (let n = 0; n < 8; n += 1) {
      const answer = await statsAnsweredBy(server, [survivor, replacement]);
      expect(answer.status, answer.text).toBe(200);
      answeredBy.add(answer.answeredBy);
    }
    expect(answeredBy).toEqual(new Set([survivor, replacement]));
    expect(
      lines.filter((line) => line.msg === 'listening'),
      'announced once, not again',
    ).toHaveLength(1);
    await stop(server);
  });
});

async function membersIn(databaseUrl: string, emails: readonly string[]): Promise<Set<string>> {
  return withAdmin(databaseUrl, async (client) => {
    const { rows } = await client.query<{ email: string }>('SELECT email FROM members WHERE email = ANY($1)', [emails]);
    return new Set(rows.map((row) => row.email));
  });
}

describe('stopping', () => {
  it('SIGTERM drains both workers: requests in flight are answered, every acknowledged join is in the database after a restart, and Ctrl+C stops each process once', async () => {
    const databaseUrl = await database();
    const first = await startCluster(databaseUrl);
    const pids = workerPids(first);

    // Requests in flight at both workers: their headers are in, their bodies are not yet.
    const held: HeldRequest[] = [];
    for (let n = 0; n < 4; n += 1) {
      held.push(
        await holdRequest(
          first.baseUrl,
          api.joinMovement.path,
          { name: 'Held Member', email: `held-${n}@example.org`, zipCode: '10001' },
          pids,
        ),
      );
    }
    expect(new Set(held.map((h) => h.heldBy)), 'both workers hold one').toEqual(new Set(pids));

    const burst = joinBurst(first.baseUrl, 'drain', 8);
    await burst.atLeast(20);
    first.child.kill('SIGTERM');
    // Each worker has begun to close its server (the line comes just before the close)...
    await untilLogged(
      first,
      (lines) => pids.every((pid) => linesOf(lines, 'shutting down', pid).length === 1),
      'both workers shutting down',
    );
    // ...and the requests it was in the middle of are still answered.
    const answers = await Promise.all(held.map((h) => h.finish()));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);

    expect(await first.exited).toEqual({ code: 0, signal: null });
    await burst.stop();
    const lines = logLines(first.output());
    for (const pid of pids) expect(linesOf(lines, 'stopped', pid), `worker ${pid} stopped`).toHaveLength(1);
    expect(linesOf(lines, 'stopped')).toHaveLength(1);
    expect(
      lines.filter((line) => line.msg === 'worker exited; starting another'),
      'no worker replaced',
    ).toEqual([]);

    // Every write that got a 200 is there when the cluster starts again.
    const acknowledged = [...held.map((_, n) => `held-${n}@example.org`), ...burst.acknowledged];
    const second = await startCluster(databaseUrl, { detached: true });
    const stored = await membersIn(databaseUrl, acknowledged);
    expect(
      acknowledged.filter((email) => !stored.has(email)),
      'acknowledged joins lost',
    ).toEqual([]);
    const lastCookie = burst.cookies.get(burst.acknowledged.at(-1)!)!;
    const me = await fetch(second.baseUrl + api.me.path, { headers: { Cookie: lastCookie } });
    expect(me.status, 'a session made before the stop still works').toBe(200);
    await me.arrayBuffer();

    // Ctrl+C: the terminal sends SIGINT to every process of the group; twice, as an impatient user does.
    const secondPids = workerPids(second);
    process.kill(-second.pid, 'SIGINT');
    process.kill(-second.pid, 'SIGINT');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    const afterCtrlC = logLines(second.output());
    expect(linesOf(afterCtrlC, 'shutting down'), 'the primary stops once').toHaveLength(1);
    expect(linesOf(afterCtrlC, 'stopped')).toHaveLength(1);
    for (const pid of secondPids) {
      expect(linesOf(afterCtrlC, 'shutting down', pid), `worker ${pid} stops once`).toHaveLength(1);
      expect(linesOf(afterCtrlC, 'stopped', pid)).toHaveLength(1);
    }
    printFigures('cluster-drain', {
      inFlightAtSigterm: held.length,
      burstAcknowledged: burst.acknowledged.length,
      acknowledgedChecked: acknowledged.length,
    });
  }, 120_000);
});

describe('e-mail', () => {
  let lockClient: pg.Client | undefined;
  afterAll(async () => {
    await lockClient?.end().catch(() => undefined);
  });

  it('each e-mail is written once across two workers sharing one outbox', async () => {
    const MEMBERS = 20;
    const databaseUrl = await database();
    const outbox = join(dir, 'outbox-mail');

    // The gate: nobody reads or writes the e-mail log until it opens, so both workers' start-up
    // checks and the join hooks of both go for the same messages at once.
    lockClient = new pg.Client({ connectionString: databaseUrl, application_name: 'prr-test-gate' });
    await lockClient.connect();
    await lockClient.query('BEGIN');
    await lockClient.query('LOCK TABLE email_deliveries IN ACCESS EXCLUSIVE MODE');
    const server = await startCluster(databaseUrl, { outbox });
    const pids = workerPids(server);

    const emails = Array.from({ length: MEMBERS }, (_, n) => `cluster-mail-${n}@example.org`);
    const joinedOn = new Map<number | undefined, number>();
    for (const email of emails) {
      const answer = await requestAnsweredBy(
        server.baseUrl,
        { method: 'POST', path: api.joinMovement.path, body: { name: 'Cluster Member', email, zipCode: '10001' } },
        pids,
      );
      expect(answer.status, answer.text).toBe(200);
      joinedOn.set(answer.answeredBy, (joinedOn.get(answer.answeredBy) ?? 0) + 1);
    }
    expect([...joinedOn.keys()].sort(), 'both workers took joins').toEqual([...pids].sort());
    expect(await readOutbox(outbox)).toEqual([]);

    await lockClient.query('COMMIT');
    await lockClient.end();
    lockClient = undefined;

    // Each batch a worker sends is logged with its count: wait for all of them, then stop.
    const expected = 2 * MEMBERS;
    const sentIn = (lines: LogLine[]) =>
      lines.filter((line) => line.msg === 'e-mails sent').reduce((n, line) => n + Number(line.sent), 0);
    await untilLogged(server, (lines) => sentIn(lines) >= expected, `${expected} e-mails sent`);
    await stop(server);

    const lines = logLines(server.output());
    expect(sentIn(lines), 'sends across both workers').toBe(expected);
    const mail = await readOutbox(outbox);
    const problems: string[] = [];
    for (const email of emails) {
      const mine = mail.filter((m) => m.to === email);
      const welcomes = mine.filter((m) => m.kind === 'welcome').length;
      const first = mine.filter((m) => m.kind === 'reflection' && m.subject.startsWith('Your first reflection')).length;
      if (welcomes !== 1 || first !== 1 || mine.length !== 2)
        problems.push(`${email}: ${welcomes} welcomes, ${first} first reflections, ${mine.length} in all`);
    }
    expect(problems, 'each member: one welcome and one first reflection').toEqual([]);
    expect(mail).toHaveLength(expected);
    expect(new Set(mail.map((m) => m.messageId)).size).toBe(expected);
    const log = await deliveriesOf(databaseUrl, emails);
    expect(log).toEqual([
      { kind: 'reflection', status: 'sent', n: MEMBERS },
      { kind: 'welcome', status: 'sent', n: MEMBERS },
    ]);
    printFigures('cluster-email', {
      members: MEMBERS,
      joinsPerWorker: pids.map((pid) => joinedOn.get(pid) ?? 0),
      sentPerWorker: pids.map((pid) => sentIn(lines.filter((line) => line.pid === pid))),
      written: mail.length,
    });
  }, 90_000);
});

describe('start-up failure', () => {
  it('a worker that cannot start stops the cluster with exit 1, once, without starting the others', async () => {
    const missing = databaseOnServer(testServerUrl(), 'prr_t_0000000000000000');
    const refused = await startBin({
      dataFile: join(dir, 'unused-db.json'),
      env: { DATABASE_URL: missing, SESSION_SECRET: SECRET, WEB_CONCURRENCY: '2' },
    }).then(
      () => new Error('the cluster started on a database that does not exist'),
      (error: unknown) => error as Error,
    );
    expect(refused.message).toContain('server exited (1) before listening');
    const lines = logLines(refused.message.slice(refused.message.indexOf('\n') + 1));
    expect(
      lines.filter((line) => line.msg === 'server failed to start'),
      'one worker tried',
    ).toHaveLength(1);
    expect(lines.find((line) => line.code === 'worker_failed_to_start')).toMatchObject({ exitCode: 1 });
    expect(lines.filter((line) => line.msg === 'listening')).toEqual([]);
  });
});
