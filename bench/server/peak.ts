/**
 * "The 09:00 peak", a case of the PostgreSQL bench (benchPostgres.ts), on its big data set.
 *
 * The worst case the movement can meet: all 50,000 members in one time zone with the default 09:00
 * reminder. If a quarter of them open it within 15 minutes, that is about 14 visits a second, each
 * the dashboard's first screen (GET /api/me/dashboard) and the day's reflection saved (POST
 * /api/me/reflections). The bench sends ten times that, 140 visits a second, in an open loop
 * (peakLoad.ts), to the real server (bin.ts, what `npm start` runs) with WEB_CONCURRENCY=1 and
 * then 2 (docs/decisions/032-every-core-one-command.md), interleaved by round. Then each setting's
 * saturation: a closed loop of virtual members visiting without a pause, and the ratio of the two.
 *
 * Every visit is another member, with a session of their own made for the run and last used a day
 * ago: the reminder brings back members who came yesterday, so their first request moves their
 * session's last_seen (a committed write, sessions.ts), as it would at 09:00.
 *
 * CPUs: one process runs on the server core; two are allowed two cores (lib/machine.ts
 * serverCpus), which on a two-core machine includes the load generator's. PostgreSQL is never
 * pinned; the generator (one Node process, node:http) stays on its core.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverCpus } from '../lib/machine.js';
import { REPO_ROOT, stop, withTimeout } from '../lib/proc.js';
import { fmt, median, medianRatio, rotate } from '../lib/stats.js';
import { startBin } from './binProcess.js';
import { describeCpu, medianCpuUse, withCpuUse, type CpuUse } from './cpuUse.js';
import { ipcChild, type IpcChild } from './harness.js';
import { parseMembersFile, writeMembersFile, type MemberRef } from './memberRequests.js';
import { insertSessions } from './pgData.js';
import type { PeakResult, PeakSpec } from './peakLoad.js';

const WORKERS = [1, 2] as const;
type Workers = (typeof WORKERS)[number];

/** The reminder brings back members who came yesterday morning. */
export const LAST_SEEN_AGO_MS = 24 * 3_600_000;

/** The arrival rate: ten times 25% of 50,000 members in 15 minutes (13.9 a second). */
export const PEAK_RATE = 140;

export interface PeakSettings {
  rounds: number;
  /** Open loop: visits a second; warm-up and measured seconds. */
  rate: number;
  warmup: number;
  seconds: number;
  /** Closed loop: virtual members; warm-up and measured seconds. */
  concurrency: number;
  saturationWarmup: number;
  saturationSeconds: number;
  timeoutSeconds: number;
  maxInFlight: number;
}

export interface PeakFigures {
  /** Median over rounds of each round's figure (ms; visits a second). */
  dashboardP50: number;
  dashboardP99: number;
  saveP50: number;
  saveP99: number;
  startedPerSecond: number;
  completedPerSecond: number;
  dashboardP99PerRound: number[];
  saveP99PerRound: number[];
  /** Measured visits started, and the fewest distinct members among one round's visits. */
  visits: number;
  fewestMembers: number;
  /** Over all rounds: requests answered non-2xx, failed, timed out; visits dropped. */
  non2xx: number;
  errors: number;
  timeouts: number;
  dropped: number;
  /** The generator's worst lateness starting a visit, ms, over all rounds. */
  lagMaxMs: number;
  cpu?: CpuUse;
}

export interface SaturationFigures {
  /** Median over rounds of visits completed a second (both requests 2xx). */
  visitsPerSecond: number;
  perRound: number[];
  dashboardP99: number;
  saveP99: number;
  failures: number;
  cpu?: CpuUse;
}

export interface PeakSide {
  /** WEB_CONCURRENCY. */
  workers: Workers;
  /** taskset's CPU list for bin.ts and its workers; undefined when unpinned. */
  cpus?: string;
  peak: PeakFigures;
  saturation: SaturationFigures;
}

export interface PeakReport {
  settings: PeakSettings & { members: number; lastSeenHoursAgo: number; loadCpu?: string };
  one?: PeakSide;
  two?: PeakSide;
  /** Saturation, two processes / one: median of the per-round ratios. */
  saturationRatio?: number;
}

export interface PeakOptions {
  settings: PeakSettings;
  /** The big data set's database and its members file (pgData.ts loadDataset). */
  databaseUrl: string;
  membersFile: string;
  dir: string;
  loadCpu: string | undefined;
  log: (line: string) => void;
}

/** peakLoad.ts in its own pinned process, one run at a time. */
export class PeakGenerator {
  readonly #ipc: IpcChild;

  constructor(cpu: string | undefined) {
    this.#ipc = ipcChild(join(REPO_ROOT, 'bench/server/peakLoad.ts'), [], cpu, 'peak load generator');
  }

  async run(spec: PeakSpec): Promise<PeakResult> {
    await withTimeout(this.#ipc.ready, 120_000, 'peak load generator start');
    const limitMs = (spec.warmup + spec.duration + spec.timeoutSeconds * 2 + 60) * 1000;
    return this.#ipc.call<PeakResult>({ spec }, limitMs, `peak load (${spec.mode.kind} loop)`);
  }

  close(): Promise<void> {
    return stop(this.#ipc.child, 'SIGTERM');
  }
}

/**
 * Members for the runs, with fresh sessions: each batch is the pool's next `count` members
 * (starting over at its end), each given a new session last used a day ago (written with COPY,
 * pgData.ts), in a members file for peakLoad.ts.
 */
export class MemberPool {
  readonly #members: readonly MemberRef[];
  readonly #url: string;
  readonly #dir: string;
  readonly #name: string;
  #next = 0;
  #batches = 0;

  constructor(members: readonly MemberRef[], url: string, dir: string, name: string) {
    if (members.length === 0) throw new Error(`no members for the ${name} runs`);
    this.#members = members;
    this.#url = url;
    this.#dir = dir;
    this.#name = name;
  }

  get size(): number {
    return this.#members.length;
  }

  async next(count: number): Promise<string> {
    const n = this.#members.length;
    const batch = Array.from({ length: Math.min(count, n) }, (_, i) => this.#members[(this.#next + i) % n]!);
    this.#next = (this.#next + batch.length) % n;
    const sessions = await insertSessions(
      this.#url,
      batch.map((m) => m.id),
      Date.now() - LAST_SEEN_AGO_MS,
    );
    this.#batches += 1;
    const file = join(this.#dir, `${this.#name}-members-${this.#batches}.tsv`);
    writeMembersFile(
      file,
      batch.map((m) => ({ ...m, session: sessions.get(m.id)! })),
    );
    return file;
  }
}

/** One run of the generator and where the CPU went meanwhile. */
export interface PeakRun {
  result: PeakResult;
  cpu?: CpuUse;
}

const medianCpu = (runs: readonly PeakRun[]) => medianCpuUse(runs.flatMap((r) => (r.cpu ? [r.cpu] : [])));
const round1 = (ms: number) => (Number.isFinite(ms) ? Math.round(ms * 10) / 10 : Number.NaN);

export function peakFigures(runs: readonly PeakRun[]): PeakFigures {
  const of = (f: (r: PeakResult) => number) => median(runs.map((m) => f(m.result)));
  const sum = (f: (r: PeakResult) => number) => runs.reduce((t, m) => t + f(m.result), 0);
  const cpu = medianCpu(runs);
  return {
    dashboardP50: of((r) => r.dashboard.p50),
    dashboardP99: of((r) => r.dashboard.p99),
    saveP50: of((r) => r.save.p50),
    saveP99: of((r) => r.save.p99),
    startedPerSecond: of((r) => r.startedPerSecond),
    completedPerSecond: of((r) => r.completedPerSecond),
    dashboardP99PerRound: runs.map((m) => round1(m.result.dashboard.p99)),
    saveP99PerRound: runs.map((m) => round1(m.result.save.p99)),
    visits: sum((r) => r.started),
    fewestMembers: Math.min(...runs.map((m) => m.result.members)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    dropped: sum((r) => r.dropped),
    lagMaxMs: Math.max(...runs.map((m) => m.result.lagMaxMs)),
    ...(cpu ? { cpu } : {}),
  };
}

function saturationFigures(runs: readonly PeakRun[]): SaturationFigures {
  const cpu = medianCpu(runs);
  return {
    visitsPerSecond: median(runs.map((m) => m.result.completedPerSecond)),
    perRound: runs.map((m) => Math.round(m.result.completedPerSecond)),
    dashboardP99: median(runs.map((m) => m.result.dashboard.p99)),
    saveP99: median(runs.map((m) => m.result.save.p99)),
    failures: runs.reduce((t, m) => t + m.result.non2xx + m.result.errors + m.result.timeouts, 0),
    ...(cpu ? { cpu } : {}),
  };
}

// NaN (no samples) crosses IPC as null: fmt prints either as '-'.
const describeRun = (r: PeakResult) =>
  `${fmt(r.startedPerSecond, 1)} started/s, ${fmt(r.completedPerSecond, 1)} completed/s; ` +
  `dashboard p50 ${fmt(r.dashboard.p50, 1)} p99 ${fmt(r.dashboard.p99, 1)} ms, ` +
  `save p50 ${fmt(r.save.p50, 1)} p99 ${fmt(r.save.p99, 1)} ms; ${r.members} members` +
  `${r.non2xx + r.errors + r.timeouts + r.dropped ? `; ${r.non2xx} non-2xx ${r.errors} errors ${r.timeouts} timeouts ${r.dropped} dropped` : ''}`;

export async function benchPeak(o: PeakOptions): Promise<PeakReport> {
  const s = o.settings;
  // Two pools that never meet, so no peak visit finds its member's rows warm from an earlier run:
  // the peak's, a new stretch of members for each run (as long as half the data set lasts), and
  // the saturation's, the rest, walked from its start in every saturation run alike.
  const members = parseMembersFile(readFileSync(o.membersFile, 'utf8'));
  const perPeakRun = Math.ceil(s.rate * (s.warmup + s.seconds));
  const peakCount = Math.min(Math.floor(members.length / 2), perPeakRun * s.rounds * WORKERS.length);
  const peakPool = new MemberPool(members.slice(0, peakCount), o.databaseUrl, o.dir, 'peak');
  const saturationPool = new MemberPool(members.slice(peakCount), o.databaseUrl, o.dir, 'saturation');
  const generator = new PeakGenerator(o.loadCpu);
  const runs: Record<Workers, { peak: PeakRun[]; saturation: PeakRun[] }> = {
    1: { peak: [], saturation: [] },
    2: { peak: [], saturation: [] },
  };
  const measure = async (spec: PeakSpec): Promise<PeakRun> => {
    const { result, cpu } = await withCpuUse(() => generator.run(spec));
    return { result, ...(cpu ? { cpu } : {}) };
  };
  try {
    for (let round = 0; round < s.rounds; round += 1) {
      for (const workers of rotate(WORKERS, round)) {
        // Made before the server starts: the insert is not part of what is measured.
        const peakMembers = await peakPool.next(perPeakRun);
        const saturationMembers = await saturationPool.next(saturationPool.size);
        const outbox = join(o.dir, `peak-r${round + 1}-w${workers}`);
        const bin = await startBin(
          {
            DATABASE_URL: o.databaseUrl,
            WEB_CONCURRENCY: String(workers),
            OUTBOX_DIR: join(outbox, 'outbox'),
            DATA_FILE: join(outbox, 'unused.json'),
          },
          serverCpus(workers),
        );
        try {
          const common = { url: bin.url, timeoutSeconds: s.timeoutSeconds, maxInFlight: s.maxInFlight };
          const peak = await measure({
            ...common,
            mode: { kind: 'open', rate: s.rate },
            membersFile: peakMembers,
            warmup: s.warmup,
            duration: s.seconds,
          });
          runs[workers].peak.push(peak);
          const name = `r${round + 1} ${workers} process${workers > 1 ? 'es' : ''}`;
          o.log(`  ${name}, ${s.rate}/s: ${describeRun(peak.result)}${describeCpu(peak.cpu)}`);
          const saturation = await measure({
            ...common,
            mode: { kind: 'closed', concurrency: s.concurrency },
            membersFile: saturationMembers,
            warmup: s.saturationWarmup,
            duration: s.saturationSeconds,
          });
          runs[workers].saturation.push(saturation);
          o.log(
            `  ${name}, saturation (${s.concurrency} members): ${describeRun(saturation.result)}${describeCpu(saturation.cpu)}`,
          );
        } finally {
          await bin.close();
        }
      }
    }
  } finally {
    await generator.close();
  }
  const side = (workers: Workers): PeakSide | undefined => {
    const r = runs[workers];
    if (r.peak.length === 0 || r.saturation.length === 0) return undefined;
    const cpus = serverCpus(workers);
    return {
      workers,
      ...(cpus ? { cpus } : {}),
      peak: peakFigures(r.peak),
      saturation: saturationFigures(r.saturation),
    };
  };
  const one = side(1);
  const two = side(2);
  return {
    settings: {
      ...s,
      members: members.length,
      lastSeenHoursAgo: LAST_SEEN_AGO_MS / 3_600_000,
      ...(o.loadCpu ? { loadCpu: o.loadCpu } : {}),
    },
    ...(one ? { one } : {}),
    ...(two ? { two } : {}),
    ...(one && two
      ? {
          saturationRatio: medianRatio(
            runs[2].saturation.map((m) => m.result.completedPerSecond),
            runs[1].saturation.map((m) => m.result.completedPerSecond),
          ),
        }
      : {}),
  };
}
