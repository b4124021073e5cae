/**
 * What the Prometheus metrics (docs/deploy.md#watching-it) cost (`npm run bench -- --only metrics`;
 * part of the full run). Each figure beside the same work without the metrics, in one run, the two
 * alternating; everything under test in one process (metricsTarget.ts) pinned to the server core,
 * autocannon in its long-lived process on the load core (harness.ts runLoad):
 *
 * 1. A store call: `store.states()` on the lowdb store over the seed in memory, bare and through
 *    timedStore (every store call observed into a histogram), `storeCalls` calls in a row per
 *    round, the order alternating by round after an unmeasured pair: ns per call and the added ns.
 * 2. The request middleware: Koa 3 + @koa/router answering a small JSON on GET /api/movement/stats,
 *    bare and behind httpMetrics (a counter and a histogram per answer), 10 connections, each round
 *    `seconds` per server in 1 s slices taken in turn (as the reads case, run.ts), every server
 *    warmed up first: requests a second and their ratio, and the added microseconds per request
 *    two ways: 1/rps with less 1/rps without (the server's time per request where its core is the
 *    limit), and the server process's CPU time per answered request with less without (what the
 *    request costs the server whichever side, server or autocannon, sets the pace).
 * 3. A diagnostic, the wrapper on a real route: createApp (its request metrics always on) on a
 *    lowdb store in a temp file, GET /api/movement/stats, the store bare and wrapped by timedStore
 *    as bin.ts wraps it; measured as 2. The timed app's own metrics count the store calls a request
 *    made.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { cpuPlan } from '../lib/machine.js';
import { REPO_ROOT, stop, withTimeout } from '../lib/proc.js';
import { median, medianRatio, rotate } from '../lib/stats.js';
import { ipcChild, runLoad } from './harness.js';
import type { LoadResult } from './load.js';
import type { AppCounts, MetricsPorts } from './metricsTarget.js';

export interface MetricsCostOptions {
  rounds: number;
  quick: boolean;
  workDir: string;
  log: (line: string) => void;
}

export interface StoreCallFigures {
  /** Medians over the rounds, ns per call. */
  bareNs: number;
  timedNs: number;
  /** Median of the per-round differences, ns. */
  addedNs: number;
  barePerRound: number[];
  timedPerRound: number[];
}

export interface LoadFigures {
  /** Medians over the rounds. */
  rps: number;
  p50: number;
  p99: number;
  perRound: number[];
  /** The server process's CPU time per answered request, µs (median over the rounds). */
  cpuMicroseconds: number;
  /** Cores the server process kept busy while loaded (median over the rounds; 1.0: its core's limit). */
  busy: number;
  /** Non-2xx, errors and timeouts over all rounds. */
  failures: number;
}

export interface PairFigures {
  /** The server without the metrics part measured, and with it. */
  without: LoadFigures;
  with: LoadFigures;
  /** req/s with / without, median of the per-round ratios. */
  ratio: number;
  /** 1e6/rps with less 1e6/rps without, µs, median of the per-round differences. */
  addedMicroseconds: number;
  /** CPU µs per request with less without, median of the per-round differences. */
  addedCpuMicroseconds: number;
}

export interface MetricsCostReport {
  settings: {
    path: string;
    connections: number;
    seconds: number;
    rounds: number;
    storeRounds: number;
    storeCalls: number;
    cpus: ReturnType<typeof cpuPlan>;
    loadBefore: number[];
    loadAfter?: number[];
  };
  storeCall?: StoreCallFigures;
  /** Bare Koa, and the same behind httpMetrics. */
  middleware?: PairFigures;
  /** The real app, its store bare and wrapped by timedStore. */
  timedApp?: PairFigures;
  /** Store calls per request of the timed app (its own metrics), by operation. */
  appStoreCalls?: { perRequest: number; byOperation: Record<string, number> };
  errors: string[];
}

const PATH = '/api/movement/stats';
const TARGET = join(REPO_ROOT, 'bench/server/metricsTarget.ts');

type ServerName = keyof MetricsPorts;

/** A round's load on one server, with the server process's CPU time during it (µs). */
interface Measured {
  result: LoadResult;
  cpuMicroseconds: number;
}

/** One round's 1 s slices as one result: requests over total time; latencies are slice medians. */
function combine(parts: readonly LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => parts.reduce((t, r) => t + f(r), 0);
  const lat = (f: (r: LoadResult) => number) => median(parts.map(f));
  return {
    rps: sum((r) => r.ok) / sum((r) => r.duration),
    ok: sum((r) => r.ok),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    duration: sum((r) => r.duration),
    latency: {
      mean: lat((r) => r.latency.mean),
      p50: lat((r) => r.latency.p50),
      p90: lat((r) => r.latency.p90),
      p99: lat((r) => r.latency.p99),
      max: Math.max(...parts.map((r) => r.latency.max)),
    },
  };
}

const cpuPerRequest = (m: Measured) => m.cpuMicroseconds / m.result.ok;

function loadFigures(rounds: readonly Measured[]): LoadFigures {
  const results = rounds.map((m) => m.result);
  const answered = results.filter((r) => r.ok > 0);
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(answered.map((r) => r.latency.p50)),
    p99: median(answered.map((r) => r.latency.p99)),
    perRound: results.map((r) => Math.round(r.rps)),
    cpuMicroseconds: median(rounds.map(cpuPerRequest)),
    busy: median(rounds.map((m) => m.cpuMicroseconds / 1e6 / m.result.duration)),
    failures: results.reduce((t, r) => t + r.non2xx + r.errors + r.timeouts, 0),
  };
}

function pairFigures(without: readonly Measured[], withIt: readonly Measured[]): PairFigures {
  const differences = (f: (m: Measured) => number) =>
    median(withIt.map((m, i) => f(m) - (without[i] ? f(without[i]) : Number.NaN)));
  return {
    without: loadFigures(without),
    with: loadFigures(withIt),
    ratio: medianRatio(
      withIt.map((m) => m.result.rps),
      without.map((m) => m.result.rps),
    ),
    addedMicroseconds: differences((m) => 1e6 / m.result.rps),
    addedCpuMicroseconds: differences(cpuPerRequest),
  };
}

export async function benchMetricsCost(o: MetricsCostOptions): Promise<MetricsCostReport> {
  const s = o.quick
    ? { seconds: 2, warmup: 1, storeRounds: 3, storeCalls: 100_000 }
    : { seconds: 5, warmup: 2, storeRounds: 7, storeCalls: 100_000 };
  const cpu = cpuPlan();
  const report: MetricsCostReport = {
    settings: {
      path: PATH,
      connections: 10,
      seconds: s.seconds,
      rounds: o.rounds,
      storeRounds: s.storeRounds,
      storeCalls: s.storeCalls,
      cpus: cpu,
      loadBefore: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    errors: [],
  };
  o.log(`metrics cost: store.states() bare and timed; GET ${PATH} with and without the metrics`);
  const target = ipcChild(TARGET, [join(o.workDir, 'metrics-cost.json'), PATH], cpu.server, 'metrics target');
  try {
    await withTimeout(target.ready, 180_000, 'metrics target start');
    const ports = await target.call<MetricsPorts>({ cmd: 'ports' }, 10_000, 'metrics target ports');
    const url = (name: ServerName) => `http://127.0.0.1:${ports[name]}`;
    for (const name of Object.keys(ports) as ServerName[]) {
      const response = await fetch(url(name) + PATH);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${name}: GET ${PATH} answered ${response.status}`);
    }

    try {
      report.storeCall = await storeCalls(o, s, (timed) =>
        target.call<number>({ cmd: 'storeCalls', timed, calls: s.storeCalls }, 120_000, 'store calls'),
      );
    } catch (error) {
      report.errors.push(`store call: ${error instanceof Error ? error.message : String(error)}`);
    }

    const pairs = [
      { key: 'middleware', without: 'koa', with: 'koaMetrics' },
      { key: 'timedApp', without: 'app', with: 'appTimed' },
    ] as const;
    const names = Object.keys(ports) as ServerName[];
    const load = (name: ServerName, duration: number) =>
      runLoad({ url: url(name), path: PATH, connections: report.settings.connections, duration }, cpu.load);
    const cpuTime = () => target.call<number>({ cmd: 'cpu' }, 10_000, 'metrics target cpu');
    // Every server warmed up alike before the first measured slice (the JIT, the first GCs).
    for (const name of names) await load(name, s.warmup);
    const results = new Map<ServerName, Measured[]>(names.map((name) => [name, []]));
    // Each round gives each server `seconds` in 1 s slices, the pair's two taken in turn (A B, B A, ...).
    for (let round = 0; round < o.rounds; round += 1) {
      for (const pair of pairs) {
        const parts = new Map<ServerName, Measured[]>([
          [pair.without, []],
          [pair.with, []],
        ]);
        for (let slice = 0; slice < s.seconds; slice += 1) {
          for (const name of rotate([pair.without, pair.with], round + slice)) {
            const before = await cpuTime();
            const result = await load(name, 1);
            parts.get(name)!.push({ result, cpuMicroseconds: (await cpuTime()) - before });
          }
        }
        for (const name of [pair.without, pair.with]) {
          const slices = parts.get(name)!;
          const measured = {
            result: combine(slices.map((m) => m.result)),
            cpuMicroseconds: slices.reduce((t, m) => t + m.cpuMicroseconds, 0),
          };
          results.get(name)!.push(measured);
          const r = measured.result;
          o.log(
            `  r${round + 1} ${name.padEnd(10)} ${Math.round(r.rps)} req/s, p99 ${r.latency.p99} ms, ` +
              `${cpuPerRequest(measured).toFixed(1)} µs CPU per request` +
              `${r.non2xx + r.errors + r.timeouts ? `, ${r.non2xx} non-2xx ${r.errors} errors` : ''}`,
          );
        }
      }
    }
    for (const pair of pairs) report[pair.key] = pairFigures(results.get(pair.without)!, results.get(pair.with)!);
    const counts = await target.call<AppCounts>({ cmd: 'appCounts' }, 10_000, 'metrics target counts');
    const calls = Object.values(counts.storeCalls).reduce((t, n) => t + n, 0);
    report.appStoreCalls = {
      perRequest: calls / counts.requests,
      byOperation: Object.fromEntries(
        Object.entries(counts.storeCalls).map(([operation, n]) => [operation, n / counts.requests]),
      ),
    };
  } catch (error) {
    report.errors.push(error instanceof Error ? error.message : String(error));
  } finally {
    report.settings.loadAfter = loadavg().map((x) => Math.round(x * 100) / 100);
    await stop(target.child, 'SIGTERM');
  }
  return report;
}

/** Bare and timed in turn, `storeRounds` rounds after an unmeasured pair, the order alternating. */
async function storeCalls(
  o: MetricsCostOptions,
  s: { storeRounds: number; storeCalls: number },
  perCall: (timed: boolean) => Promise<number>,
): Promise<StoreCallFigures> {
  await perCall(false);
  await perCall(true);
  const bare: number[] = [];
  const timed: number[] = [];
  for (let round = 0; round < s.storeRounds; round += 1) {
    for (const isTimed of rotate([false, true], round)) (isTimed ? timed : bare).push(await perCall(isTimed));
    o.log(
      `  store r${round + 1}: states() bare ${bare[round]!.toFixed(0)} ns, timed ${timed[round]!.toFixed(0)} ns per call`,
    );
  }
  return {
    bareNs: median(bare),
    timedNs: median(timed),
    addedNs: median(timed.map((t, i) => t - bare[i]!)),
    barePerRound: bare.map((x) => Math.round(x)),
    timedPerRound: timed.map((x) => Math.round(x)),
  };
}
