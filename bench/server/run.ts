/**
 * The server half of `npm run bench`: ceilings and reads, writes at scale against a naive lowdb
 * app, and how write cost grows with the member count. Every case runs interleaved with its
 * baseline, round by round; figures are medians over the rounds, ratios the median of the
 * per-round ratios.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cpuPlan } from '../lib/machine.js';
import { median, medianRatio, rotate } from '../lib/stats.js';
import { BENCH_MEMBER_SESSION, freshDataFile, memberEmails, templateFile } from './data.js';
import { runLoad, startTarget, type Target } from './harness.js';
import { memberCookieFor } from './memberRequests.js';
import type { LoadResult } from './load.js';
import type { FixedRoute } from './target.js';
import { attempter } from '../lib/attempt.js';

export interface ServerOptions {
  rounds: number;
  quick: boolean;
  workDir: string;
  log: (line: string) => void;
}

export interface Figures {
  /** Median successful requests per second. */
  rps: number;
  /** Median p99 / p50 latency, ms. */
  p99: number;
  p50: number;
  perRound: number[];
  /** Non-2xx + errors + timeouts over all rounds (should be 0). */
  failures: number;
}

export interface ReadRow {
  route: string;
  bytes: number;
  http: Figures;
  koa: Figures;
  /** Bare Koa sending the app's response headers too (a diagnostic, not a budget). */
  koaHeaders: Figures;
  app: Figures;
  appVsKoa: number;
  appVsKoaHeaders: number;
  appVsHttp: number;
}

export interface Durability {
  membersBefore: number;
  acknowledged: number;
  membersAfter: number;
  /** Acknowledged e-mails not in the file after a SIGKILL. */
  missing: number;
}

export interface WriteSide {
  rps: number;
  p99: number;
  /** Median time of one lone flush of the data file, ms (before the load). */
  flushMs: number;
  perRound: number[];
  failures: number;
  durability: Durability[];
  /** Commits per flush under load (the store only). */
  commitsPerFlush?: number;
}

export interface WriteCase {
  members: number;
  connections: number;
  fileMB: number;
  app: WriteSide;
  naive: WriteSide;
  appVsNaive: number;
  /** GET /api/map/states on the app while the joins run. */
  mapWhileWriting: Figures;
}

export interface ServerReport {
  settings: {
    rounds: number;
    readSeconds: number;
    writeSeconds: number;
    growthSeconds: number;
    cpus: ReturnType<typeof cpuPlan>;
  };
  reads?: ReadRow[];
  writes?: WriteCase;
  growth?: WriteCase[];
  errors: string[];
}

interface Settings {
  rounds: number;
  readSeconds: number;
  readConnections: number;
  writeSeconds: number;
  writeConnections: number;
  growthSeconds: number;
  scale: number;
  growthSizes: number[];
  /** Seconds of warm-up before the first read round. */
  warmup: number;
}

const failuresOf = (r: LoadResult) => r.non2xx + r.errors + r.timeouts;

function figures(results: LoadResult[]): Figures {
  // A run without a single answer has no latency (autocannon reports 0).
  const answered = results.filter((r) => r.ok > 0);
  return {
    rps: median(results.map((r) => r.rps)),
    p99: median(answered.map((r) => r.latency.p99)),
    p50: median(answered.map((r) => r.latency.p50)),
    perRound: results.map((r) => Math.round(r.rps)),
    failures: results.reduce((sum, r) => sum + failuresOf(r), 0),
  };
}

/** One round's slices as one result: requests over total time; latencies are slice medians. */
function combine(parts: LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => parts.reduce((t, r) => t + f(r), 0);
  const duration = sum((r) => r.duration);
  const ok = sum((r) => r.ok);
  const lat = (f: (r: LoadResult) => number) => median(parts.map(f));
  return {
    rps: ok / duration,
    ok,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    duration,
    latency: {
      mean: lat((r) => r.latency.mean),
      p50: lat((r) => r.latency.p50),
      p90: lat((r) => r.latency.p90),
      p99: lat((r) => r.latency.p99),
      max: Math.max(...parts.map((r) => r.latency.max)),
    },
  };
}

async function fetchFixed(url: string, path: string, requestHeaders: Record<string, string> = {}): Promise<FixedRoute> {
  const response = await fetch(url + path, { headers: requestHeaders });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  // Hop-by-hop and per-response headers are the server's own business; the rest is what the app says.
  const perResponse = new Set([
    'date',
    'content-length',
    'connection',
    'keep-alive',
    'transfer-encoding',
    'content-type',
  ]);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !perResponse.has(name)));
  return {
    path,
    contentType: response.headers.get('content-type') ?? 'application/json',
    body: body.toString('base64'),
    headers,
  };
}

async function benchReads(s: Settings, o: ServerOptions): Promise<ReadRow[]> {
  const cpu = cpuPlan();
  // GET /api/me is the bench member's, by their session cookie (data.ts). Every target gets the
  // same request headers: the baselines ignore the cookie but receive its bytes too.
  const routes: Array<{ route: string; path: string; headers?: Record<string, string> }> = [
    { route: 'GET /api/map/states', path: '/api/map/states' },
    { route: 'GET /api/products/featured', path: '/api/products/featured' },
    { route: 'GET /api/me', path: '/api/me', headers: { cookie: memberCookieFor(BENCH_MEMBER_SESSION) } },
  ];
  const app = await startTarget({ kind: 'app', dataFile: freshDataFile(o.workDir, 1) }, o.workDir, cpu.server);
  const targets: Target[] = [app];
  try {
    const fixed = await Promise.all(routes.map((r) => fetchFixed(app.url, r.path, r.headers)));
    targets.push(await startTarget({ kind: 'bare-http', routes: fixed }, o.workDir, cpu.server));
    targets.push(await startTarget({ kind: 'bare-koa', routes: fixed }, o.workDir, cpu.server));
    targets.push(await startTarget({ kind: 'bare-koa-headers', routes: fixed }, o.workDir, cpu.server));
    const results = new Map<string, LoadResult[]>();
    // Each round gives every target readSeconds on the route, in 1 s slices taken in turn
    // (A B C, B C A, ...): on a shared machine the noise moves in seconds, so close pairs matter.
    const slices = Math.max(1, Math.round(s.readSeconds));
    for (let round = 0; round < s.rounds; round += 1) {
      for (const route of routes) {
        const parts = new Map<string, LoadResult[]>(targets.map((t) => [t.kind, []]));
        for (let slice = 0; slice < slices; slice += 1) {
          for (const target of rotate(targets, round + slice)) {
            const warmup = round === 0 && slice === 0 ? s.warmup : 0;
            const part = await runLoad(
              {
                url: target.url,
                path: route.path,
                headers: route.headers,
                connections: s.readConnections,
                duration: s.readSeconds / slices,
                warmup,
              },
              cpu.load,
            );
            parts.get(target.kind)!.push(part);
          }
        }
        for (const target of targets) {
          const result = combine(parts.get(target.kind)!);
          const key = `${route.path} ${target.kind}`;
          results.set(key, [...(results.get(key) ?? []), result]);
          o.log(
            `  reads r${round + 1} ${route.route.padEnd(28)} ${target.kind.padEnd(9)} ${Math.round(result.rps)} req/s p99 ${result.latency.p99} ms`,
          );
        }
      }
    }
    return routes.map((route, i) => {
      const of = (kind: string) => results.get(`${route.path} ${kind}`) ?? [];
      const [http, koa, koaHeaders, full] = [of('bare-http'), of('bare-koa'), of('bare-koa-headers'), of('app')];
      return {
        route: route.route,
        bytes: Buffer.from(fixed[i]!.body, 'base64').length,
        http: figures(http),
        koa: figures(koa),
        koaHeaders: figures(koaHeaders),
        app: figures(full),
        appVsKoa: medianRatio(
          full.map((r) => r.rps),
          koa.map((r) => r.rps),
        ),
        appVsKoaHeaders: medianRatio(
          full.map((r) => r.rps),
          koaHeaders.map((r) => r.rps),
        ),
        appVsHttp: medianRatio(
          full.map((r) => r.rps),
          http.map((r) => r.rps),
        ),
      };
    });
  } finally {
    await Promise.all(targets.map((t) => t.close()));
  }
}

interface WriteRun {
  load: LoadResult;
  flushMs: number;
  durability: Durability;
  probe?: LoadResult;
  commitsPerFlush?: number;
}

async function oneWriteRun(
  kind: 'app' | 'naive',
  members: number,
  seconds: number,
  s: Settings,
  o: ServerOptions,
  tag: string,
): Promise<WriteRun> {
  const cpu = cpuPlan();
  const dataFile = freshDataFile(o.workDir, members);
  const target = await startTarget({ kind, dataFile }, o.workDir, cpu.server);
  try {
    const flushMs = median(await target.call<number[]>('flushTime', { samples: 5 }));
    const before = kind === 'app' ? await target.call<{ flushes: number; commits: number }>('stats') : undefined;
    const ackFile = join(o.workDir, `acked-${tag}.txt`);
    // The store: a timed run after one warm-up join per connection. The naive app answers one
    // join per stringify of the whole file, so with 100 connections a timed window would count
    // whole waves or nothing: it gets exactly one join per connection and is timed to the last
    // answer (its throughput is the same in a longer steady run, just slower to measure).
    const joins = runLoad(
      {
        url: target.url,
        path: '/api/movement/join',
        connections: s.writeConnections,
        ...(kind === 'app'
          ? { duration: seconds, warmupAmount: s.writeConnections }
          : { duration: 60, amount: s.writeConnections, warmupAmount: 10 }),
        timeoutSeconds: 120,
        join: { prefix: tag, ackFile },
      },
      cpu.load,
    );
    const probe =
      kind === 'app'
        ? runLoad(
            {
              url: target.url,
              path: '/api/map/states',
              connections: 2,
              duration: Math.max(1.5, seconds - 1.5),
              delay: 1,
            },
            cpu.probe,
          )
        : undefined;
    const [load, probed] = await Promise.all([joins, probe]);
    let commitsPerFlush: number | undefined;
    if (kind === 'app' && before) {
      const after = await target.call<{ flushes: number; commits: number }>('stats');
      commitsPerFlush = (after.commits - before.commits) / Math.max(1, after.flushes - before.flushes);
    }
    // No graceful shutdown: whatever was acknowledged must already be in the file.
    await target.kill();
    const acked = readFileSync(ackFile, 'utf8').split('\n').filter(Boolean);
    const emails = memberEmails(dataFile);
    rmSync(dataFile, { force: true });
    const durability: Durability = {
      membersBefore: members,
      acknowledged: acked.length,
      membersAfter: emails.size,
      missing: acked.filter((email) => !emails.has(email.toLowerCase())).length,
    };
    o.log(
      `  writes ${tag.padEnd(14)} ${Math.round(load.rps)} joins/s p99 ${load.latency.p99} ms, flush ${flushMs.toFixed(1)} ms` +
        `${commitsPerFlush ? `, ${commitsPerFlush.toFixed(1)} commits/flush` : ''}, acked ${acked.length}, missing ${durability.missing}` +
        `${probed ? `, map p99 ${probed.latency.p99} ms` : ''}`,
    );
    return { load, flushMs, durability, probe: probed, commitsPerFlush };
  } finally {
    await target.kill();
  }
}

async function benchWrites(members: number, seconds: number, s: Settings, o: ServerOptions): Promise<WriteCase> {
  const runs: Record<'app' | 'naive', WriteRun[]> = { app: [], naive: [] };
  for (let round = 0; round < s.rounds; round += 1) {
    for (const kind of rotate(['app', 'naive'] as const, round)) {
      runs[kind].push(await oneWriteRun(kind, members, seconds, s, o, `${kind}-${members}-r${round + 1}`));
    }
  }
  const side = (list: WriteRun[]): WriteSide => ({
    ...figures(list.map((r) => r.load)),
    flushMs: median(list.map((r) => r.flushMs)),
    durability: list.map((r) => r.durability),
    ...(list.some((r) => r.commitsPerFlush)
      ? { commitsPerFlush: median(list.map((r) => r.commitsPerFlush ?? Number.NaN)) }
      : {}),
  });
  return {
    members,
    connections: s.writeConnections,
    fileMB: statSync(templateFile(o.workDir, members)).size / 1e6,
    app: side(runs.app),
    naive: side(runs.naive),
    appVsNaive: medianRatio(
      runs.app.map((r) => r.load.rps),
      runs.naive.map((r) => r.load.rps),
    ),
    mapWhileWriting: figures(runs.app.flatMap((r) => (r.probe ? [r.probe] : []))),
  };
}

export async function benchServer(o: ServerOptions): Promise<ServerReport> {
  const s: Settings = o.quick
    ? {
        rounds: o.rounds,
        readSeconds: 2,
        readConnections: 10,
        writeSeconds: 3,
        writeConnections: 100,
        growthSeconds: 2,
        scale: 10_000,
        growthSizes: [1_000],
        warmup: 0.5,
      }
    : {
        rounds: o.rounds,
        readSeconds: 4,
        readConnections: 10,
        writeSeconds: 8,
        writeConnections: 100,
        growthSeconds: 4,
        scale: 50_000,
        growthSizes: [1_000, 10_000],
        warmup: 1,
      };
  const report: ServerReport = {
    settings: {
      rounds: s.rounds,
      readSeconds: s.readSeconds,
      writeSeconds: s.writeSeconds,
      growthSeconds: s.growthSeconds,
      cpus: cpuPlan(),
    },
    errors: [],
  };
  const attempt = attempter(report.errors, o.log);

  o.log(`server: reads at ${s.readConnections} connections, ${s.rounds} round(s) of ${s.readSeconds} s`);
  report.reads = await attempt('reads', () => benchReads(s, o));

  o.log(
    `server: joins at ${s.scale.toLocaleString('en-US')} members, ${s.writeConnections} connections, ${s.rounds} round(s) of ${s.writeSeconds} s`,
  );
  templateFile(o.workDir, s.scale);
  report.writes = await attempt('writes', () => benchWrites(s.scale, s.writeSeconds, s, o));

  o.log(
    `server: how write cost grows (${[...s.growthSizes, s.scale].map((n) => n.toLocaleString('en-US')).join(', ')} members)`,
  );
  const growth: WriteCase[] = [];
  for (const size of s.growthSizes) {
    const row = await attempt(`growth at ${size}`, () => benchWrites(size, s.growthSeconds, s, o));
    if (row) growth.push(row);
  }
  if (report.writes) growth.push(report.writes);
  report.growth = growth;
  return report;
}
