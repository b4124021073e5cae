/**
 * Insights (docs/product/insights.md) at 50,000 members x 90 days on PostgreSQL (`npm run bench --
 * --only insights`; part of the full run; `--quick`: 5,000 x 90). Four figures, on the real entry
 * (bin.ts, what `npm start` runs) with one process pinned to the server core, as the 09:00 peak's
 * one-process setting (peak.ts):
 *
 * 1. Cold Insights: POST /api/admin/insights/refresh (the cache emptied, as "Refresh figures"
 *    does), then GET /api/admin/insights timed alone, `coldRuns` times for the whole movement and
 *    as many for one state, the two alternating; one unmeasured pair first. "Cold" is the store's
 *    cache, not PostgreSQL's: the database's pages are as warm as the runs before left them.
 *    Timed from the bench's own process (fetch, response read to its end): a figure of seconds.
 * 2. Cached Insights: the same GET `cachedRequests` times over one connection (load.ts with every
 *    response's own time, exactLatency), the cache filled by one GET before.
 * 3. The member's own charts: GET /api/me/reflections (mixLoad.ts, `charts`), a random member per
 *    request over one connection, so each request is measured alone, nothing queued in front of it
 *    (the load that members make together is figure 4's). Sessions as the peak makes them
 *    (peak.ts MemberPool: a fresh session per member, last used a day ago), so a request is nearly
 *    always its member's first of the day and carries the session's touch, a committed write.
 *    Beside it, a diagnostic: the same members with sessions used a moment ago, as when the charts
 *    open after the dashboard, which has touched the session already.
 * 4. Saves and dashboards while Insights computes: the peak's open loop (peakLoad.ts, PEAK_RATE
 *    visits a second, each another member's GET /api/me/dashboard and save), run alone and with a
 *    loop of cold Insights (refresh, GET, again, back to back for the whole run) beside it; the
 *    two runs of a round back to back, their order alternating by round. The figure is each p99
 *    with the loop over its p99 alone (median of the per-round ratios); it counts only where the
 *    visits alone kept up with the rate (keptUp), since a server already behind it is a queue.
 *
 * The data set is the PostgreSQL part's (pgData.ts: COPY, every member on day 90, states drawn
 * from all of them), then VACUUM ANALYZE: a settled database, as autovacuum leaves it a minute after
 * a bulk load, rather than one whose first scan sets every row's hint bits.
 *
 * lowdb is not measured here: its store reads its whole file into one string, and 50,000 x 90 days
 * is about 6 GB of JSON (packages/server/test/generateLowdbFile.ts: 50,000 x 15 is about 1 GB), far
 * past V8's longest string (512 MB). The largest file lowdb holds is the PostgreSQL part's capacity
 * case (capacity.ts), a few hundred members.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, type Insights } from '@prr/contract';
import { realClockAdmin, signInAdminNow } from '../../packages/server/test/adminOnRealClock.js';
import { createPool } from '../../packages/server/src/store/postgres/pool.js';
import { cpuPlan, serverCpus } from '../lib/machine.js';
import { REPO_ROOT, stop, withTimeout } from '../lib/proc.js';
import { fmt, median, medianRatio, percentile, rotate, sortedSamples } from '../lib/stats.js';
import { startBin, type RunningBin } from './binProcess.js';
import { describeCpu, medianCpuUse, withCpuUse, type CpuUse } from './cpuUse.js';
import { BENCH_ADMIN } from './data.js';
import { ipcChild, runLoad } from './harness.js';
import { parseMembersFile, writeMembersFile } from './memberRequests.js';
import type { MixResult, MixSpec } from './mixLoad.js';
import {
  LAST_SEEN_AGO_MS,
  MemberPool,
  PEAK_RATE,
  PeakGenerator,
  peakFigures,
  type PeakFigures,
  type PeakRun,
} from './peak.js';
import type { PeakSpec } from './peakLoad.js';
import { createBenchDatabase, insertSessions, loadDataset, startBenchCluster, type LoadSummary } from './pgData.js';
import { attempter } from '../lib/attempt.js';

export interface InsightsOptions {
  rounds: number;
  quick: boolean;
  workDir: string;
  log: (line: string) => void;
}

/** Latencies of requests timed one by one, ms. */
export interface Timings {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ColdInsights extends Timings {
  /** What the filter is, for the report ("whole movement", "state California"). */
  filter: string;
  path: string;
  /** Every measured GET, ms, in order. */
  timesMs: number[];
  /** The Members figure the answer gave (undefined when hidden). */
  members?: number;
}

export interface CachedInsights extends Timings {
  /** Non-2xx, errors and timeouts. */
  failures: number;
  cpu?: CpuUse;
}

export interface ChartsFigures {
  /** Medians over the rounds, ms; requests a second over one connection. */
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  p99PerRound: number[];
  failures: number;
  cpu?: CpuUse;
}

export interface UnderInsights {
  alone: PeakFigures;
  withInsights: PeakFigures;
  /** p99 with the Insights loop / p99 alone, median of the per-round ratios. */
  dashboardRatio: number;
  saveRatio: number;
  /** The cold Insights GETs the loop made during the runs with it. */
  insights: Timings;
  /** Share of each run's measured window during which an Insights GET was in flight (lowest round). */
  coveredShare: number;
  /**
   * The visits alone kept up with the rate (keptUp): otherwise the run alone is a queue already,
   * and the ratios compare two queues instead of telling what Insights does.
   */
  aloneKeptUp: boolean;
}

export interface InsightsReport {
  settings: {
    members: number;
    days: number;
    rounds: number;
    coldRuns: number;
    cachedRequests: number;
    chartsSeconds: number;
    /** The filter of the cold case's second half: a state's name. */
    state: string;
    rate: number;
    warmup: number;
    seconds: number;
    lastSeenHoursAgo: number;
    cpus: ReturnType<typeof cpuPlan>;
    serverCpus?: string;
    postgresVersion?: string;
    loadBefore: number[];
    loadAfter?: number[];
  };
  load?: LoadSummary;
  vacuumSeconds?: number;
  cold?: ColdInsights[];
  /** Cores busy while the cold GETs (and their refreshes) ran: how shared the machine was. */
  coldCpu?: CpuUse;
  cached?: CachedInsights;
  /** The member's charts, each request its member's first of the day (the session's touch included). */
  charts?: ChartsFigures;
  /** The same, the session used a moment before (a diagnostic: the read without the touch). */
  chartsSameDay?: ChartsFigures;
  underInsights?: UnderInsights;
  errors: string[];
}

interface Settings {
  members: number;
  days: number;
  coldRuns: number;
  cachedRequests: number;
  chartsSeconds: number;
  warmup: number;
  seconds: number;
  timeoutSeconds: number;
}

/**
 * The visits kept up: every one started and answered 2xx within its timeout, and they completed at
 * (nearly) the rate they arrived. A healthy run completes 140.0 of 140.0 a second (the peak's
 * one-process runs, bench/RESULTS.md); 5 % below is a server behind the rate, whose p99 is a queue's.
 */
const keptUp = (f: PeakFigures): boolean =>
  f.non2xx + f.errors + f.timeouts + f.dropped === 0 && f.completedPerSecond >= 0.95 * f.startedPerSecond;

/** The state of the filtered case: the data set draws states evenly, so one stands for all. */
const STATE = 'California';
/** A cold GET at 50,000 members may take seconds; far past the budget, but measured rather than cut. */
const INSIGHTS_TIMEOUT_MS = 300_000;

const timings = (values: readonly number[]): Timings => {
  const sorted = sortedSamples(values);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
};

/** The admin's requests, with the session's cookies; each answer read to its end. */
class Admin {
  constructor(
    readonly url: string,
    readonly cookie: string,
  ) {}

  async #send(method: 'GET' | 'POST', path: string): Promise<string> {
    const response = await fetch(this.url + path, {
      method,
      headers: { cookie: this.cookie },
      signal: AbortSignal.timeout(INSIGHTS_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return text;
  }

  /** Empties the cache, then times the GET alone: when it started and ended (performance.now()), and its answer. */
  async cold(path: string): Promise<{ start: number; end: number; body: Insights }> {
    await this.#send('POST', api.refreshInsights.path);
    const start = performance.now();
    const text = await this.#send('GET', path);
    const end = performance.now();
    return { start, end, body: JSON.parse(text) as Insights };
  }

  get(path: string): Promise<string> {
    return this.#send('GET', path);
  }
}

type ChartSessions = 'firstOfDay' | 'sameDay';
type ChartRun = MixResult & { cpu?: CpuUse };

/** The charts' figures over the rounds: medians of the rounds' p50, p99 and requests a second. */
function chartsFigures(runs: readonly ChartRun[]): ChartsFigures {
  const answered = runs.filter((r) => r.ok > 0);
  const use = medianCpuUse(runs.flatMap((r) => (r.cpu ? [r.cpu] : [])));
  return {
    p50: median(answered.map((r) => r.latency.p50)),
    p99: median(answered.map((r) => r.latency.p99)),
    rps: median(runs.map((r) => r.rps)),
    requests: runs.reduce((t, r) => t + r.ok, 0),
    p99PerRound: answered.map((r) => Math.round(r.latency.p99 * 10) / 10),
    failures: runs.reduce((t, r) => t + r.non2xx + r.errors + r.timeouts, 0),
    ...(use ? { cpu: use } : {}),
  };
}

/** mixLoad.ts in its own pinned process (for the charts), one run at a time. */
async function runMix(generator: ReturnType<typeof ipcChild>, spec: MixSpec): Promise<MixResult> {
  await withTimeout(generator.ready, 120_000, 'mix load generator start');
  const limit = ((spec.warmup ?? 0) + spec.duration + (spec.timeoutSeconds ?? 30) * 2 + 60) * 1000;
  return generator.call<MixResult>({ spec }, limit, `${spec.mix} load`);
}

/** The time of `intervals` inside [from, to], as a share of it (the intervals do not overlap: one GET at a time). */
function coveredShare(intervals: ReadonlyArray<{ start: number; end: number }>, from: number, to: number): number {
  const inside = intervals.reduce((t, i) => t + Math.max(0, Math.min(i.end, to) - Math.max(i.start, from)), 0);
  return inside / (to - from);
}

export async function benchInsights(o: InsightsOptions): Promise<InsightsReport> {
  const s: Settings = o.quick
    ? {
        members: 5_000,
        days: 90,
        coldRuns: 5,
        cachedRequests: 200,
        chartsSeconds: 2,
        warmup: 1,
        seconds: 5,
        timeoutSeconds: 10,
      }
    : {
        members: 50_000,
        days: 90,
        coldRuns: 20,
        cachedRequests: 500,
        chartsSeconds: 5,
        warmup: 2,
        seconds: 20,
        timeoutSeconds: 10,
      };
  const cpu = cpuPlan();
  const binCpus = serverCpus(1);
  const report: InsightsReport = {
    settings: {
      members: s.members,
      days: s.days,
      rounds: o.rounds,
      coldRuns: s.coldRuns,
      cachedRequests: s.cachedRequests,
      chartsSeconds: s.chartsSeconds,
      state: STATE,
      rate: PEAK_RATE,
      warmup: s.warmup,
      seconds: s.seconds,
      lastSeenHoursAgo: LAST_SEEN_AGO_MS / 3_600_000,
      cpus: cpu,
      ...(binCpus ? { serverCpus: binCpus } : {}),
      loadBefore: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    errors: [],
  };
  const attempt = attempter(report.errors, o.log);
  const size = `${s.members.toLocaleString('en-US')} x ${s.days}`;
  const dir = join(o.workDir, 'insights');
  mkdirSync(dir, { recursive: true });
  const cluster = await startBenchCluster();
  let bin: RunningBin | undefined;
  const peakGenerator = new PeakGenerator(cpu.load);
  const mixGenerator = ipcChild(join(REPO_ROOT, 'bench/server/mixLoad.ts'), [], cpu.load, 'mix load generator');
  try {
    await measureAll();
  } catch (error) {
    // A part that cannot go on (the data set, the server, the admin's sign-in) still reports.
    const message = error instanceof Error ? error.message : String(error);
    report.errors.push(message);
    o.log(`  ! insights: ${message}`);
  } finally {
    report.settings.loadAfter = loadavg().map((x) => Math.round(x * 100) / 100);
    await bin?.close();
    await Promise.all([peakGenerator.close(), stop(mixGenerator.child, 'SIGTERM')]);
    await cluster.stop();
  }
  return report;

  async function measureAll(): Promise<void> {
    // The data set, settled.
    o.log(`insights: loading ${size} (${(s.members * s.days).toLocaleString('en-US')} reflections) with COPY`);
    const url = await createBenchDatabase(cluster.url, 'insights');
    const membersFile = join(dir, 'members.tsv');
    report.load = await loadDataset(url, { members: s.members, days: s.days, membersFile, log: o.log });
    const pool = createPool(url, { max: 1 });
    try {
      const started = performance.now();
      await pool.query('VACUUM ANALYZE');
      report.vacuumSeconds = (performance.now() - started) / 1000;
      report.settings.postgresVersion = (
        await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v")
      ).rows[0]?.v;
    } finally {
      await pool.end();
    }
    o.log(
      `  loaded in ${report.load.copySeconds.toFixed(0)} s, VACUUM ANALYZE ${report.vacuumSeconds.toFixed(1)} s; ` +
        `database ${(report.load.databaseBytes / 1e9).toFixed(2)} GB`,
    );

    // Members for the charts and for the visits: two pools that never meet, so no visit finds its
    // member's rows warm from a chart read (as the peak keeps its runs apart).
    const members = parseMembersFile(readFileSync(membersFile, 'utf8'));
    const half = Math.floor(members.length / 2);
    const visitPool = new MemberPool(members.slice(0, half), url, dir, 'insights-visits');
    const chartMembers = members.slice(half);
    const chartsPool = new MemberPool(chartMembers, url, dir, 'insights-charts');

    bin = await startBin(
      {
        DATABASE_URL: url,
        WEB_CONCURRENCY: '1',
        OUTBOX_DIR: join(dir, 'outbox'),
        DATA_FILE: join(dir, 'unused.json'),
      },
      binCpus,
    );
    const admin = new Admin(bin.url, await signInAdminNow(bin.url, realClockAdmin(BENCH_ADMIN)));
    const wholePath = api.adminInsights.path;
    const statePath = `${api.adminInsights.path}?${new URLSearchParams({ state: STATE }).toString()}`;

    // 1. Cold: refresh, then GET, the two filters alternating after one unmeasured pair.
    o.log(`insights: cold (refresh, then GET), ${s.coldRuns} times each for the whole movement and ${STATE}`);
    report.cold = await attempt('cold Insights', async () => {
      const filters: Array<Pick<ColdInsights, 'filter' | 'path' | 'timesMs' | 'members'>> = [
        { filter: 'whole movement', path: wholePath, timesMs: [] },
        { filter: `state ${STATE}`, path: statePath, timesMs: [] },
      ];
      for (const f of filters) await admin.cold(f.path);
      const { cpu: use } = await withCpuUse(async () => {
        for (let i = 0; i < s.coldRuns; i += 1) {
          for (const f of filters) {
            const { start, end, body } = await admin.cold(f.path);
            f.timesMs.push(end - start);
            f.members = body.members.hidden ? undefined : body.members.members;
          }
        }
      });
      if (use) report.coldCpu = use;
      const cold = filters.map((f): ColdInsights => ({ ...f, ...timings(f.timesMs) }));
      for (const f of cold)
        o.log(
          `  ${f.filter} (${fmt(f.members)} members): p50 ${fmt(f.p50)} ms, p99 ${fmt(f.p99)} ms ` +
            `[${f.timesMs.map((t) => fmt(t)).join(', ')}]`,
        );
      o.log(`  ${describeCpu(use).trim()}`);
      return cold;
    });

    // 2. Cached: one GET fills the cache; then every response's own time over one connection.
    o.log(`insights: cached, ${s.cachedRequests} GETs over one connection`);
    report.cached = await attempt('cached Insights', async () => {
      await admin.get(wholePath);
      const { result, cpu: use } = await withCpuUse(() =>
        runLoad(
          {
            url: bin!.url,
            path: wholePath,
            connections: 1,
            duration: 0,
            amount: s.cachedRequests,
            warmupAmount: 10,
            headers: { cookie: admin.cookie },
            exactLatency: true,
            timeoutSeconds: 60,
          },
          cpu.load,
        ),
      );
      const failures = result.non2xx + result.errors + result.timeouts;
      o.log(
        `  ${result.ok} answered, p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms, ` +
          `max ${result.latency.max.toFixed(1)} ms${failures ? `, ${failures} failed` : ''}${describeCpu(use)}`,
      );
      return {
        count: result.ok,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        failures,
        ...(use ? { cpu: use } : {}),
      };
    });

    // 3. The member's charts: each round a fresh session last used a day ago for every member of
    // its pool (the budget's figure), and beside it the same members with a session used a moment
    // ago (a diagnostic: what the read costs without the touch's commit), the order alternating.
    o.log(
      `insights: the member's charts (GET /api/me/reflections), one connection, ${o.rounds} x ${s.chartsSeconds} s, ` +
        'first request of the day and session used a moment ago',
    );
    const chartRuns: Record<ChartSessions, ChartRun[]> = { firstOfDay: [], sameDay: [] };
    await attempt("member's charts", async () => {
      for (let round = 0; round < o.rounds; round += 1) {
        for (const sessions of rotate(['firstOfDay', 'sameDay'] as const, round)) {
          let file: string;
          if (sessions === 'firstOfDay') file = await chartsPool.next(chartsPool.size);
          else {
            const recent = await insertSessions(
              url,
              chartMembers.map((m) => m.id),
            );
            file = join(dir, `charts-same-day-r${round + 1}.tsv`);
            writeMembersFile(
              file,
              chartMembers.map((m) => ({ ...m, session: recent.get(m.id)! })),
            );
          }
          const { result, cpu: use } = await withCpuUse(() =>
            runMix(mixGenerator, {
              urls: [bin!.url],
              connections: 1,
              duration: s.chartsSeconds,
              warmup: 1,
              mix: 'charts',
              membersFile: file,
            }),
          );
          chartRuns[sessions].push({ ...result, ...(use ? { cpu: use } : {}) });
          o.log(
            `  r${round + 1} ${sessions === 'firstOfDay' ? 'first of the day' : 'same day        '}: ${Math.round(result.rps)} req/s, ` +
              `p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms` +
              `${result.non2xx + result.errors + result.timeouts ? `, ${result.non2xx} non-2xx ${result.errors} errors` : ''}${describeCpu(use)}`,
          );
        }
      }
    });
    if (chartRuns.firstOfDay.length) report.charts = chartsFigures(chartRuns.firstOfDay);
    if (chartRuns.sameDay.length) report.chartsSameDay = chartsFigures(chartRuns.sameDay);

    // 4. The peak's visits alone and beside a loop of cold Insights, round by round.
    o.log(
      `insights: ${PEAK_RATE} visits/s (open loop) alone and with cold Insights back to back, ${o.rounds} round(s) of ${s.seconds} s`,
    );
    report.underInsights = await attempt('visits under Insights', async () => {
      const runs = { alone: [] as PeakRun[], withInsights: [] as PeakRun[] };
      const during: number[] = [];
      const shares: number[] = [];
      const perRun = Math.ceil(PEAK_RATE * (s.warmup + s.seconds));
      for (let round = 0; round < o.rounds; round += 1) {
        for (const side of rotate(['alone', 'withInsights'] as const, round)) {
          const spec: PeakSpec = {
            url: bin!.url,
            mode: { kind: 'open', rate: PEAK_RATE },
            membersFile: await visitPool.next(perRun),
            warmup: s.warmup,
            duration: s.seconds,
            timeoutSeconds: s.timeoutSeconds,
            maxInFlight: 1_000,
          };
          let running = side === 'withInsights';
          const intervals: Array<{ start: number; end: number }> = [];
          // Settles with the loop's error rather than rejecting unheld while the visits run.
          const loop = (async () => {
            while (running) intervals.push(await admin.cold(wholePath));
          })().then(
            () => undefined,
            (error: unknown) => error,
          );
          // The loop's first GET is under way before the first visit is due.
          let launched = performance.now();
          const measured = await withCpuUse(() => {
            launched = performance.now();
            return peakGenerator.run(spec);
          }).finally(() => {
            running = false;
          });
          const failed = await loop;
          if (failed !== undefined)
            throw new Error(`Insights beside the visits: ${failed instanceof Error ? failed.message : String(failed)}`);
          const run: PeakRun = { result: measured.result, ...(measured.cpu ? { cpu: measured.cpu } : {}) };
          runs[side].push(run);
          const r = run.result;
          let note = '';
          if (side === 'withInsights') {
            during.push(...intervals.map((i) => i.end - i.start));
            const from = launched + s.warmup * 1000;
            const share = coveredShare(intervals, from, from + s.seconds * 1000);
            shares.push(share);
            note = `; ${intervals.length} Insights (${intervals.map((i) => fmt(i.end - i.start)).join(', ')} ms), in flight ${fmt(share * 100)} % of the window`;
          }
          o.log(
            `  r${round + 1} ${side === 'alone' ? 'alone       ' : 'with Insights'}: dashboard p50 ${fmt(r.dashboard.p50, 1)} p99 ${fmt(r.dashboard.p99, 1)} ms, ` +
              `save p50 ${fmt(r.save.p50, 1)} p99 ${fmt(r.save.p99, 1)} ms, ${fmt(r.completedPerSecond, 1)} completed/s` +
              `${r.non2xx + r.errors + r.timeouts + r.dropped ? `, ${r.non2xx} non-2xx ${r.errors} errors ${r.timeouts} timeouts ${r.dropped} dropped` : ''}` +
              `${note}${describeCpu(run.cpu)}`,
          );
        }
      }
      const p99s = (side: PeakRun[], f: (r: PeakRun['result']) => number) => side.map((m) => f(m.result));
      const alone = peakFigures(runs.alone);
      return {
        alone,
        withInsights: peakFigures(runs.withInsights),
        aloneKeptUp: keptUp(alone),
        dashboardRatio: medianRatio(
          p99s(runs.withInsights, (r) => r.dashboard.p99),
          p99s(runs.alone, (r) => r.dashboard.p99),
        ),
        saveRatio: medianRatio(
          p99s(runs.withInsights, (r) => r.save.p99),
          p99s(runs.alone, (r) => r.save.p99),
        ),
        insights: timings(during),
        coveredShare: shares.length ? Math.min(...shares) : Number.NaN,
      };
    });
  }
}
