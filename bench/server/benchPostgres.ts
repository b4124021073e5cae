/**
 * The PostgreSQL half of `npm run bench` (`--only postgres`; part of the full run). bench/RESULTS.md
 * describes the method; in short:
 *
 * - One temp PostgreSQL cluster on this machine (scripts/postgres.mjs, durable settings in
 *   pgData.ts), stopped and removed however the run ends. The Node servers under test are pinned
 *   to CPU 0, autocannon to CPU 1; PostgreSQL is not pinned (its backends are the postmaster's
 *   children) and shares both cores with them.
 * - Capacity of the embedded store first (capacity.ts): the size at which a lowdb flush passes
 *   250 ms. The largest generated file under that is "the size lowdb can hold": lowdb and
 *   PostgreSQL (the same file through the import, importLowdbFile) run side by side on it.
 * - Joins at 50,000 members without reflections: PostgreSQL (the members-only template of
 *   data.ts, imported) against the lowdb app on the same file, interleaved by round.
 * - members × 90 days of reflections COPYed into PostgreSQL (pgData.ts): saves and the five
 *   dashboard reads at 50 connections; one server process against two on the same database.
 * - Start-up of the real bin.ts (spawn to its `listening` line) on each database, and its
 *   resident memory after a mixed load; the same for lowdb on the file it can hold.
 * - The 09:00 peak on the big data set (peak.ts): 140 member visits a second in an open loop, and
 *   saturation in a closed one, on bin.ts with WEB_CONCURRENCY=1 and 2 (two processes are allowed
 *   both cores). `--only postgres-peak` runs the big data set and this case alone.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importLowdbFile } from '../../packages/server/src/tools/importLowdb.js';
import { createPool } from '../../packages/server/src/store/postgres/pool.js';
import { cpuPlan } from '../lib/machine.js';
import { REPO_ROOT, collect, exited, spawnNode, stop, withTimeout } from '../lib/proc.js';
import { median, medianRatio, rotate } from '../lib/stats.js';
import { measureCapacity, type CapacityReport } from './capacity.js';
import { describeCpu, medianCpuUse, withCpuUse, type CpuUse } from './cpuUse.js';
import { explainReads, type ExplainRow } from './explain.js';
import { PEAK_RATE, benchPeak, type PeakReport, type PeakSettings } from './peak.js';
import { dbOnly, type DbOnly } from './pgbench.js';
import { freshDataFile, templateFile } from './data.js';
import { runLoad, startTarget, type Target } from './harness.js';
import type { LoadResult } from './load.js';
import type { MixResult, MixSpec } from './mixLoad.js';
import { parseMembersFile } from './memberRequests.js';
import { startBin, timeToListening } from './binProcess.js';
import {
  BENCH_PG_SETTINGS,
  createBenchDatabase,
  insertSessions,
  loadDataset,
  startBenchCluster,
  type LoadSummary,
} from './pgData.js';
import { attempter } from '../lib/attempt.js';

export interface PostgresOptions {
  rounds: number;
  quick: boolean;
  workDir: string;
  log: (line: string) => void;
  /** 'peak': only the big data set and the 09:00 peak on it (`--only postgres-peak`). */
  only?: 'peak';
}

export interface MixFigures {
  /** Median of the rounds' successful requests per second. */
  rps: number;
  /** Median of the rounds' p50 / p99, ms (every response of the round). */
  p50: number;
  p99: number;
  perRound: number[];
  p99PerRound: number[];
  /** Non-2xx, errors and timeouts over all rounds. */
  failures: number;
  /** Per route: median over rounds of its p50 / p99. */
  byRoute: Record<string, { p50: number; p99: number; count: number; non2xx: number }>;
  /** Cores used during the measured part, per group (median over rounds). */
  cpu?: CpuUse;
}

/** One measured run: the load generator's figures and where the CPU went meanwhile. */
type Measured = MixResult & { cpu?: CpuUse };

export interface StoreRun {
  saves?: MixFigures;
  reads?: MixFigures;
}

export interface SideBySide {
  members: number;
  days: number;
  fileMB: number;
  /** Seconds importLowdbFile took to copy the file into PostgreSQL. */
  importSeconds: number;
  lowdb: StoreRun;
  postgres: StoreRun;
}

export interface JoinFigures {
  rps: number;
  p99: number;
  perRound: number[];
  failures: number;
}

export interface JoinsCase {
  members: number;
  connections: number;
  postgres: JoinFigures;
  lowdb: JoinFigures;
  /** Median of the per-round ratios. */
  ratio: number;
}

/**
 * The same loads over one connection: each request alone, nothing queued in front of it (what a
 * request costs, against what it waits for at 50 connections). autocannon's own pacing sends each
 * connection's share in a burst at the top of every second, so it cannot give an unsaturated p99.
 */
export interface Alone {
  connections: number;
  reads?: MixFigures;
  saves?: MixFigures;
}

export interface TwoProcesses {
  connections: number;
  one: MixFigures;
  two: MixFigures;
  /** Two / one, median of per-round ratios of total req/s. */
  ratio: number;
  /** Each process's share in the two-process runs (median req/s). */
  perProcess: number[];
}

export interface StartupRow {
  store: 'postgres' | 'lowdb';
  label: string;
  memberDays: number;
  /** Spawn to the `listening` line, ms, per start. */
  startsMs: number[];
  startMs: number;
  /** VmRSS / VmHWM of bin.ts after the mixed load, bytes (only where a load ran). */
  rssBytes?: number;
  peakRssBytes?: number;
  load?: MixFigures;
}

export interface PostgresReport {
  settings: {
    rounds: number;
    seconds: number;
    connections: number;
    members: number;
    days: number;
    joinMembers: number;
    cpus: ReturnType<typeof cpuPlan>;
    postgres: Record<string, string | number>;
    postgresVersion?: string;
    /** os.loadavg() at the start and the end of the PostgreSQL part. */
    loadBefore: number[];
    loadAfter?: number[];
    /** Set when only some cases ran (their budgets alone are checked). */
    only?: 'peak';
  };
  capacity?: CapacityReport;
  sideBySide?: SideBySide;
  joins?: JoinsCase;
  load?: LoadSummary & { label: string };
  big?: StoreRun;
  alone?: Alone;
  twoProcesses?: TwoProcesses;
  startup?: StartupRow[];
  /** Spawn to the first line of a script that loads nothing (node --import tsx, pinned), ms. */
  startFloorMs?: number;
  /** Diagnostics on the big data set: query plans, and the database alone (pgbench). */
  explain?: ExplainRow[];
  dbOnly?: DbOnly[];
  /** The 09:00 peak on the big data set (peak.ts). */
  peak?: PeakReport;
  errors: string[];
}

interface Settings {
  rounds: number;
  seconds: number;
  warmup: number;
  connections: number;
  members: number;
  days: number;
  joinMembers: number;
  capacityMembers: number[];
  flushSamples: number;
  starts: number;
  peak: Omit<PeakSettings, 'rounds'>;
}

// ---- the mix load generator (mixLoad.ts) in its own pinned process -------------------------------

class MixGenerator {
  readonly #child: ChildProcess;
  readonly #ready: Promise<void>;
  readonly #waiting = new Map<number, { resolve: (r: MixResult) => void; reject: (e: Error) => void }>();
  #next = 0;

  constructor(cpu: string | undefined) {
    this.#child = spawnNode(join(REPO_ROOT, 'bench/server/mixLoad.ts'), [], { cpu, ipc: true });
    const output = collect(this.#child);
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#child.on('message', (message: { type?: string; id?: number; result?: MixResult; error?: string }) => {
        if (message.type) return resolve();
        const waiter = message.id === undefined ? undefined : this.#waiting.get(message.id);
        if (!waiter) return;
        this.#waiting.delete(message.id!);
        if (message.error) waiter.reject(new Error(message.error));
        else waiter.resolve(message.result!);
      });
      void exited(this.#child).then(({ code, signal }) => {
        const error = new Error(`mix load generator exited (${code ?? signal}): ${output.stderr().slice(-2000)}`);
        reject(error);
        for (const waiter of this.#waiting.values()) waiter.reject(error);
        this.#waiting.clear();
      });
    });
    this.#ready.catch(() => undefined);
  }

  async run(spec: MixSpec): Promise<MixResult> {
    await withTimeout(this.#ready, 120_000, 'mix load generator start');
    this.#next += 1;
    const id = this.#next;
    const limit = ((spec.warmup ?? 0) + spec.duration + (spec.timeoutSeconds ?? 30) * 2 + 60) * 1000;
    return withTimeout(
      new Promise<MixResult>((resolve, reject) => {
        this.#waiting.set(id, { resolve, reject });
        this.#child.send({ id, spec });
      }),
      limit,
      `${spec.mix} load`,
    );
  }

  close(): Promise<void> {
    return stop(this.#child, 'SIGTERM');
  }
}

// ---- figures ---------------------------------------------------------------------------------------

function medianCpu(results: readonly Measured[]): CpuUse | undefined {
  return medianCpuUse(results.flatMap((r) => (r.cpu ? [r.cpu] : [])));
}

function mixFigures(results: readonly Measured[]): MixFigures {
  const routes = new Set(results.flatMap((r) => Object.keys(r.byRoute)));
  const byRoute: MixFigures['byRoute'] = {};
  for (const route of routes) {
    const of = results.map((r) => r.byRoute[route]).filter((x) => x !== undefined);
    byRoute[route] = {
      p50: median(of.map((x) => x.p50)),
      p99: median(of.map((x) => x.p99)),
      count: of.reduce((t, x) => t + x.count, 0),
      non2xx: of.reduce((t, x) => t + x.non2xx, 0),
    };
  }
  const answered = results.filter((r) => r.ok > 0);
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(answered.map((r) => r.latency.p50)),
    p99: median(answered.map((r) => r.latency.p99)),
    perRound: results.map((r) => Math.round(r.rps)),
    p99PerRound: answered.map((r) => Math.round(r.latency.p99 * 10) / 10),
    failures: results.reduce((t, r) => t + r.non2xx + r.errors + r.timeouts, 0),
    byRoute,
    ...(medianCpu(results) ? { cpu: medianCpu(results) } : {}),
  };
}

function joinFigures(results: readonly LoadResult[]): JoinFigures {
  return {
    rps: median(results.map((r) => r.rps)),
    p99: median(results.filter((r) => r.ok > 0).map((r) => r.latency.p99)),
    perRound: results.map((r) => Math.round(r.rps)),
    failures: results.reduce((t, r) => t + r.non2xx + r.errors + r.timeouts, 0),
  };
}

const describe = (r: Measured) =>
  `${Math.round(r.rps)} req/s p50 ${r.latency.p50.toFixed(1)} ms p99 ${r.latency.p99.toFixed(1)} ms` +
  `${r.non2xx + r.errors + r.timeouts ? `, ${r.non2xx} non-2xx ${r.errors} errors ${r.timeouts} timeouts` : ''}` +
  describeCpu(r.cpu);

/**
 * Writes `id\temail\tsession` of every member of a lowdb data file for the load generator
 * (small files only: it is parsed whole), and adds the sessions (member id -> session id, from
 * insertSessions) to the file's memberSessions, used a moment ago, so both stores know each member
 * by the same cookie.
 */
function lowdbMembersFile(dataFile: string, out: string, sessions: Map<string, string>): void {
  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as {
    members: Array<{ id: string; email: string }>;
    memberSessions?: unknown[];
  };
  const at = new Date().toISOString();
  data.memberSessions = [...sessions].map(([subjectId, id]) => ({
    idHash: createHash('sha256').update(id).digest('hex'),
    subjectId,
    createdAt: at,
    lastSeen: at,
  }));
  writeFileSync(dataFile, JSON.stringify(data));
  writeFileSync(out, data.members.map((m) => `${m.id}\t${m.email}\t${sessions.get(m.id)}\n`).join(''));
}

// ---- the cases ------------------------------------------------------------------------------------------

export async function benchPostgres(o: PostgresOptions): Promise<PostgresReport> {
  const s: Settings = o.quick
    ? {
        rounds: o.rounds,
        seconds: 3,
        warmup: 1,
        connections: 50,
        members: 5_000,
        days: 90,
        joinMembers: 10_000,
        capacityMembers: [50, 100, 150, 200, 300, 400, 600, 800, 1_200, 1_600, 2_400, 3_200],
        flushSamples: 5,
        starts: 1,
        peak: {
          rate: PEAK_RATE,
          warmup: 1,
          seconds: 5,
          concurrency: 64,
          saturationWarmup: 1,
          saturationSeconds: 3,
          timeoutSeconds: 10,
          maxInFlight: 1_000,
        },
      }
    : {
        rounds: o.rounds,
        seconds: 8,
        warmup: 2,
        connections: 50,
        members: 50_000,
        days: 90,
        joinMembers: 50_000,
        capacityMembers: [50, 100, 150, 200, 300, 400, 600, 800, 1_200, 1_600, 2_400, 3_200],
        flushSamples: 5,
        starts: 3,
        peak: {
          rate: PEAK_RATE,
          warmup: 2,
          seconds: 20,
          concurrency: 64,
          saturationWarmup: 2,
          saturationSeconds: 8,
          timeoutSeconds: 10,
          maxInFlight: 1_000,
        },
      };
  const cpu = cpuPlan();
  const report: PostgresReport = {
    settings: {
      rounds: s.rounds,
      seconds: s.seconds,
      connections: s.connections,
      members: s.members,
      days: s.days,
      joinMembers: s.joinMembers,
      cpus: cpu,
      postgres: { ...BENCH_PG_SETTINGS },
      loadBefore: loadavg().map((x) => Math.round(x * 100) / 100),
      ...(o.only ? { only: o.only } : {}),
    },
    errors: [],
  };
  /** Every case, or (`only: 'peak'`) the big data set and the peak alone. */
  const all = o.only === undefined;
  const attempt = attempter(report.errors, o.log);
  const dir = join(o.workDir, 'postgres');
  mkdirSync(dir, { recursive: true });
  const mix = new MixGenerator(cpu.load);
  const cluster = await startBenchCluster().catch(async (error: unknown) => {
    await mix.close();
    throw error;
  });
  /** A warm-up (when asked), then the measured run with the CPU accounted. */
  const measure = async (
    urls: string[],
    kind: MixSpec['mix'],
    membersFile: string,
    warm: boolean,
    connections = s.connections,
  ): Promise<Measured> => {
    const spec: MixSpec = { urls, connections, duration: s.seconds, mix: kind, membersFile };
    if (warm) await mix.run({ ...spec, duration: s.warmup });
    const { result, cpu } = await withCpuUse(() => mix.run(spec));
    return { ...result, ...(cpu ? { cpu } : {}) };
  };
  try {
    const admin = createPool(cluster.url, { max: 1 });
    try {
      report.settings.postgresVersion = (
        await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v")
      ).rows[0]?.v;
    } finally {
      await admin.end();
    }
    o.log(
      `postgres: PostgreSQL ${report.settings.postgresVersion ?? '?'} on ${cluster.url.replace(/\/\/[^@]*@/, '//')}; load average ${report.settings.loadBefore.join(' ')}`,
    );

    // 1. The embedded store's capacity.
    if (all) o.log(`postgres: lowdb capacity (members x ${s.days} days until one flush passes 250 ms)`);
    const capacity = !all
      ? undefined
      : await attempt('lowdb capacity', () =>
          measureCapacity({
            workDir: dir,
            log: o.log,
            members: s.capacityMembers,
            days: s.days,
            samples: s.flushSamples,
            keepLargestUnder: true,
          }),
        );
    report.capacity = capacity?.report;
    if (capacity?.report.memberDays !== undefined) {
      o.log(
        `  capacity: ${Math.round(capacity.report.memberDays).toLocaleString('en-US')} member-days, ${(capacity.report.bytes! / 1e6).toFixed(1)} MB`,
      );
    }
    const held = capacity?.largestUnder;

    // 2. lowdb and PostgreSQL side by side on the largest file lowdb holds.
    let heldUrl: string | undefined;
    if (held) {
      o.log(
        `postgres: side by side at ${held.point.members} members x ${held.point.days} days (the largest file under the flush budget)`,
      );
      report.sideBySide = await attempt('side by side', async () => {
        heldUrl = await createBenchDatabase(cluster.url, 'held');
        const pool = createPool(heldUrl, { max: 2 });
        const importStart = performance.now();
        try {
          await importLowdbFile({ file: held.file, pool });
        } finally {
          await pool.end();
        }
        const importSeconds = (performance.now() - importStart) / 1000;
        o.log(
          `  imported ${(statSync(held.file).size / 1e6).toFixed(1)} MB with importLowdbFile in ${importSeconds.toFixed(1)} s`,
        );
        const membersFile = join(dir, 'held-members.tsv');
        const memberIds = (
          JSON.parse(readFileSync(held.file, 'utf8')) as { members: Array<{ id: string }> }
        ).members.map((m) => m.id);
        lowdbMembersFile(held.file, membersFile, await insertSessions(heldUrl, memberIds));
        const runs = {
          lowdb: { reads: [] as Measured[], saves: [] as Measured[] },
          postgres: { reads: [] as Measured[], saves: [] as Measured[] },
        };
        for (let round = 0; round < s.rounds; round += 1) {
          for (const store of rotate(['lowdb', 'postgres'] as const, round)) {
            const target =
              store === 'lowdb'
                ? await startTarget(
                    { kind: 'app', dataFile: copyTo(held.file, join(dir, `held-r${round}.json`)) },
                    dir,
                    cpu.server,
                  )
                : await startTarget({ kind: 'pg-app', databaseUrl: heldUrl! }, dir, cpu.server);
            try {
              const reads = await measure([target.url], 'dashboard', membersFile, true);
              const saves = await measure([target.url], 'saves', membersFile, true);
              runs[store].reads.push(reads);
              runs[store].saves.push(saves);
              o.log(`  r${round + 1} ${store.padEnd(8)} reads ${describe(reads)}; saves ${describe(saves)}`);
            } finally {
              await target.kill();
            }
          }
        }
        return {
          members: held.point.members,
          days: held.point.days,
          fileMB: held.point.bytes / 1e6,
          importSeconds,
          lowdb: { reads: mixFigures(runs.lowdb.reads), saves: mixFigures(runs.lowdb.saves) },
          postgres: { reads: mixFigures(runs.postgres.reads), saves: mixFigures(runs.postgres.saves) },
        };
      });
    }

    const startup: StartupRow[] = [];
    report.startup = startup;
    // 3. lowdb's start-up and memory on the file it holds, for contrast.
    if (held) {
      o.log('postgres: bin.ts start-up on lowdb (the file it holds)');
      const row = await attempt('lowdb start-up', () =>
        binStartup(
          {
            store: 'lowdb',
            label: `lowdb, ${held.point.members} x ${held.point.days} (${(held.point.bytes / 1e6).toFixed(0)} MB file)`,
            memberDays: held.point.memberDays,
          },
          (i) => {
            const file = copyTo(held.file, join(dir, `bin-lowdb-${i}`, 'data.json'));
            return { DATA_FILE: file, OUTBOX_DIR: join(dir, `bin-lowdb-${i}`, 'outbox') };
          },
          join(dir, 'held-members.tsv'),
        ),
      );
      if (row) startup.push(row);
    }

    // 4. Joins at 50,000 members without reflections: PostgreSQL against lowdb, round by round.
    let joinsUrl: string | undefined;
    if (all) {
      o.log(
        `postgres: joins at ${s.joinMembers.toLocaleString('en-US')} members, no reflections, ${s.connections} connections`,
      );
      report.joins = await attempt('joins', async () => {
        joinsUrl = await createBenchDatabase(cluster.url, 'joins');
        const pool = createPool(joinsUrl, { max: 2 });
        try {
          await importLowdbFile({ file: templateFile(o.workDir, s.joinMembers), pool });
        } finally {
          await pool.end();
        }
        const results: Record<'postgres' | 'lowdb', LoadResult[]> = { postgres: [], lowdb: [] };
        for (let round = 0; round < s.rounds; round += 1) {
          for (const store of rotate(['postgres', 'lowdb'] as const, round)) {
            const target: Target =
              store === 'lowdb'
                ? await startTarget({ kind: 'app', dataFile: freshDataFile(o.workDir, s.joinMembers) }, dir, cpu.server)
                : await startTarget({ kind: 'pg-app', databaseUrl: joinsUrl! }, dir, cpu.server);
            try {
              const tag = `pgbench-${store}-r${round + 1}`;
              const result = await runLoad(
                {
                  url: target.url,
                  path: '/api/movement/join',
                  connections: s.connections,
                  duration: s.seconds,
                  warmupAmount: s.connections,
                  timeoutSeconds: 60,
                  join: { prefix: tag, ackFile: join(dir, `${tag}.acked`) },
                },
                cpu.load,
              );
              results[store].push(result);
              o.log(
                `  r${round + 1} ${store.padEnd(8)} ${Math.round(result.rps)} joins/s p99 ${result.latency.p99} ms`,
              );
            } finally {
              await target.kill();
            }
          }
        }
        return {
          members: s.joinMembers,
          connections: s.connections,
          postgres: joinFigures(results.postgres),
          lowdb: joinFigures(results.lowdb),
          ratio: medianRatio(
            results.postgres.map((r) => r.rps),
            results.lowdb.map((r) => r.rps),
          ),
        };
      });
    }

    // 5. The big data set, COPYed.
    const label = `${s.members.toLocaleString('en-US')} x ${s.days}`;
    o.log(`postgres: loading ${label} (${(s.members * s.days).toLocaleString('en-US')} reflections) with COPY`);
    const bigMembers = join(dir, 'big-members.tsv');
    let bigUrl: string | undefined;
    const load = await attempt('load', async () => {
      bigUrl = await createBenchDatabase(cluster.url, 'big');
      return loadDataset(bigUrl, { members: s.members, days: s.days, membersFile: bigMembers, log: o.log });
    });
    if (load) {
      report.load = { ...load, label };
      o.log(
        `  loaded in ${load.copySeconds.toFixed(0)} s (+ ANALYZE ${load.analyzeSeconds.toFixed(1)} s): database ${(load.databaseBytes / 1e9).toFixed(2)} GB, ` +
          `reflections with indexes ${(load.reflectionsBytes / 1e9).toFixed(2)} GB`,
      );
    }

    // Diagnostics: the plans of the store's reads, and the database alone at the same concurrency.
    if (all && load && bigUrl) {
      const url = bigUrl;
      o.log('postgres: diagnostics (EXPLAIN of the store reads; pgbench with the SQL of a dashboard and of a save)');
      report.explain = await attempt('explain', () =>
        explainReads(url, parseMembersFile(readFileSync(bigMembers, 'utf8'))),
      );
      for (const row of report.explain ?? [])
        o.log(`  ${row.query.padEnd(16)} ${row.executionMs.toFixed(3)} ms, ${row.rows} rows: ${row.plan}`);
      const results: DbOnly[] = [];
      for (const kind of ['dashboard', 'save'] as const) {
        const r = await attempt(`pgbench ${kind}`, () =>
          dbOnly(url, {
            kind,
            members: s.members,
            emailPrefix: 'member',
            clients: s.connections,
            seconds: s.seconds,
            dir,
            cpu: cpu.load,
          }),
        );
        if (r) {
          results.push(r);
          o.log(
            `  database alone, ${kind}: ${Math.round(r.tps)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failed} failed`,
          );
        }
      }
      report.dbOnly = results;
    }

    // 6. Saves and reads on one process; one process against two, round by round.
    if (all && load && bigUrl) {
      const url = bigUrl;
      o.log(`postgres: saves, dashboard reads and one vs two processes at ${label}, ${s.connections} connections`);
      const runs = { reads: [] as Measured[], saves: [] as Measured[], one: [] as Measured[], two: [] as Measured[] };
      const outcome = await attempt('postgres at size', async () => {
        for (let round = 0; round < s.rounds; round += 1) {
          for (const layout of rotate(['one', 'two'] as const, round)) {
            const targets =
              layout === 'one'
                ? [await startTarget({ kind: 'pg-app', databaseUrl: url }, dir, cpu.server)]
                : await Promise.all(
                    [0, 1].map(() => startTarget({ kind: 'pg-app', databaseUrl: url }, dir, cpu.server)),
                  );
            try {
              const urls = targets.map((t) => t.url);
              if (layout === 'one') {
                const reads = await measure(urls, 'dashboard', bigMembers, true);
                const saves = await measure(urls, 'saves', bigMembers, true);
                runs.reads.push(reads);
                runs.saves.push(saves);
                o.log(`  r${round + 1} reads ${describe(reads)}`);
                o.log(`  r${round + 1} saves ${describe(saves)}`);
              }
              const mixed = await measure(urls, 'mixed', bigMembers, layout === 'two');
              runs[layout].push(mixed);
              o.log(
                `  r${round + 1} ${layout} process${layout === 'two' ? 'es' : ''}, mixed: ${describe(mixed)}${layout === 'two' ? ` (${mixed.perUrlRps.map(Math.round).join(' + ')})` : ''}`,
              );
            } finally {
              await Promise.all(targets.map((t) => t.kill()));
            }
          }
        }
      });
      if (outcome !== undefined || runs.reads.length > 0) {
        report.big = { reads: mixFigures(runs.reads), saves: mixFigures(runs.saves) };
        // A diagnostic: each request alone (one connection), nothing queued in front of it.
        report.alone = await attempt('one connection', async () => {
          const target = await startTarget({ kind: 'pg-app', databaseUrl: url }, dir, cpu.server);
          try {
            const reads = await measure([target.url], 'dashboard', bigMembers, true, 1);
            const saves = await measure([target.url], 'saves', bigMembers, true, 1);
            o.log(`  one connection: reads ${describe(reads)}; saves ${describe(saves)}`);
            return { connections: 1, reads: mixFigures([reads]), saves: mixFigures([saves]) };
          } finally {
            await target.kill();
          }
        });
        if (runs.one.length && runs.two.length) {
          report.twoProcesses = {
            connections: s.connections,
            one: mixFigures(runs.one),
            two: mixFigures(runs.two),
            ratio: medianRatio(
              runs.two.map((r) => r.rps),
              runs.one.map((r) => r.rps),
            ),
            perProcess: [0, 1].map((i) => median(runs.two.map((r) => r.perUrlRps[i] ?? Number.NaN))),
          };
        }
      }
    }

    // 7. bin.ts start-up on every database (and its memory after a load on the big one), over the
    // floor of any process started the same way.
    if (all) {
      report.startFloorMs = await attempt('start-up floor', async () => {
        const times: number[] = [];
        for (let i = 0; i < s.starts; i += 1)
          times.push(await timeToListening(join(REPO_ROOT, 'bench/server/startFloor.ts'), {}, cpu.server));
        return median(times);
      });
      const databases: Array<{ url: string | undefined; label: string; memberDays: number; membersFile?: string }> = [
        { url: joinsUrl, label: `PostgreSQL, ${s.joinMembers.toLocaleString('en-US')} x 0`, memberDays: 0 },
        ...(held
          ? [
              {
                url: heldUrl,
                label: `PostgreSQL, ${held.point.members} x ${held.point.days}`,
                memberDays: held.point.memberDays,
              },
            ]
          : []),
        ...(load
          ? [{ url: bigUrl, label: `PostgreSQL, ${label}`, memberDays: s.members * s.days, membersFile: bigMembers }]
          : []),
      ];
      for (const db of databases) {
        if (!db.url) continue;
        const dbUrl = db.url;
        o.log(`postgres: bin.ts start-up on ${db.label}`);
        const row = await attempt(`start-up on ${db.label}`, () =>
          binStartup(
            { store: 'postgres', label: db.label, memberDays: db.memberDays },
            (i) => ({
              DATABASE_URL: dbUrl,
              OUTBOX_DIR: join(dir, `bin-pg-${i}`, 'outbox'),
              DATA_FILE: join(dir, `bin-pg-${i}`, 'unused.json'),
            }),
            db.membersFile,
          ),
        );
        if (row) startup.push(row);
      }
    }

    // 8. The 09:00 peak on the big data set, bin.ts with one process and with two (peak.ts). Last,
    // so the sessions it adds are in no earlier case's way.
    if (load && bigUrl) {
      const url = bigUrl;
      o.log(
        `postgres: the 09:00 peak at ${label}: ${s.peak.rate} visits/s (open loop), then saturation ` +
          `(${s.peak.concurrency} members, closed loop); bin.ts with WEB_CONCURRENCY=1 and 2`,
      );
      report.peak = await attempt('09:00 peak', () =>
        benchPeak({
          settings: { rounds: s.rounds, ...s.peak },
          databaseUrl: url,
          membersFile: bigMembers,
          dir,
          loadCpu: cpu.load,
          log: o.log,
        }),
      );
    }
  } finally {
    report.settings.loadAfter = loadavg().map((x) => Math.round(x * 100) / 100);
    await mix.close();
    // The cluster (and the databases in it) goes; `dir` is main.ts's to remove (or to keep, --keep).
    await cluster.stop();
  }
  return report;

  /** Starts bin.ts `s.starts` times; after the last start, a mixed load and its memory (when `membersFile`). */
  async function binStartup(
    row: Pick<StartupRow, 'store' | 'label' | 'memberDays'>,
    env: (i: number) => Record<string, string>,
    membersFile: string | undefined,
  ): Promise<StartupRow> {
    const startsMs: number[] = [];
    let result: Omit<StartupRow, 'store' | 'label' | 'memberDays' | 'startsMs' | 'startMs'> = {};
    for (let i = 0; i < s.starts; i += 1) {
      const bin = await startBin(env(i), cpu.server);
      try {
        startsMs.push(bin.startMs);
        if (i === s.starts - 1 && membersFile) {
          const load = await measure([bin.url], 'mixed', membersFile, true);
          const memory = bin.memory();
          result = { rssBytes: memory.rss, peakRssBytes: memory.hwm, load: mixFigures([load]) };
          o.log(
            `  after a mixed load (${describe(load)}): RSS ${(memory.rss / 1e6).toFixed(0)} MB, peak ${(memory.hwm / 1e6).toFixed(0)} MB`,
          );
        }
      } finally {
        await bin.close();
      }
    }
    o.log(`  ${row.label}: start-up ${startsMs.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
    return { ...row, startsMs, startMs: median(startsMs), ...result };
  }
}

function copyTo(from: string, to: string): string {
  mkdirSync(join(to, '..'), { recursive: true });
  copyFileSync(from, to);
  return to;
}
