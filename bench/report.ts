/** The human summary: markdown tables for stdout, bench/results/latest.md and bench/RESULTS.md. */
import type { Budget } from './budgets.js';
import type { BuildReport } from './browser/build.js';
import type { Composition } from './browser/composition.js';
import type { BrowserReport, PageFigures } from './browser/run.js';
import type { Machine } from './lib/machine.js';
import { fmt, fmtRatio } from './lib/stats.js';
import type { AdminSearchReport } from './server/adminSearch.js';
import type { MixFigures, PostgresReport } from './server/benchPostgres.js';
import type { ChartsFigures, InsightsReport } from './server/insights.js';
import type { MetricsCostReport, PairFigures } from './server/metricsCost.js';
import type { CpuUse } from './server/cpuUse.js';
import type { PeakFigures, PeakReport, PeakSide } from './server/peak.js';
import type { ServerReport, WriteCase } from './server/run.js';

export interface BenchReport {
  date: string;
  machine: Machine;
  options: { rounds: number; quick: boolean; only?: string };
  durationSeconds: number;
  server?: ServerReport;
  postgres?: PostgresReport;
  adminSearch?: AdminSearchReport;
  insights?: InsightsReport;
  metricsCost?: MetricsCostReport;
  browser?: BrowserReport;
  budgets: Budget[];
}

const table = (head: string[], rows: string[][]): string =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

const kB = (bytes: number | undefined) =>
  bytes === undefined || !Number.isFinite(bytes) ? '-' : `${fmt(bytes / 1000, 1)} kB`;
const ms = (value: number | undefined, digits = 0) =>
  value === undefined || !Number.isFinite(value) ? '-' : `${fmt(value, digits)} ms`;

function serverSection(s: ServerReport): string[] {
  const out: string[] = [];
  const pin = s.settings.cpus.server
    ? `server on CPU ${s.settings.cpus.server}, autocannon on CPU ${s.settings.cpus.load}`
    : 'not pinned';
  if (s.reads?.length) {
    out.push(`### Server: reads through the full stack (10 connections, ${s.settings.readSeconds} s runs, ${pin})`, '');
    out.push(
      table(
        [
          'Route (body)',
          'bare node:http',
          'bare Koa',
          'Koa + app headers',
          'app',
          'app / Koa',
          'app / Koa + headers',
          'app / http',
          'app p99',
        ],
        s.reads.map((r) => [
          `${r.route} (${kB(r.bytes)})`,
          `${fmt(r.http.rps)} req/s`,
          `${fmt(r.koa.rps)} req/s`,
          `${fmt(r.koaHeaders.rps)} req/s`,
          `${fmt(r.app.rps)} req/s`,
          fmtRatio(r.appVsKoa),
          fmtRatio(r.appVsKoaHeaders),
          fmtRatio(r.appVsHttp),
          ms(r.app.p99),
        ]),
      ),
      '',
    );
  }
  const w = s.writes;
  if (w) {
    out.push(
      `### Server: joins at ${fmt(w.members)} members (${w.connections} connections, ${fmt(w.fileMB, 1)} MB data file)`,
      '',
    );
    const sum = (side: WriteCase['app'], f: (d: WriteCase['app']['durability'][number]) => number) =>
      side.durability.reduce((t, d) => t + f(d), 0);
    out.push(
      table(
        ['Server', 'joins/s', 'p99', 'one flush', 'joins per flush', 'acknowledged', 'missing after kill -9'],
        [
          [
            'app (group commit)',
            fmt(w.app.rps),
            ms(w.app.p99),
            ms(w.app.flushMs),
            fmt(w.app.commitsPerFlush, 1),
            fmt(sum(w.app, (d) => d.acknowledged)),
            fmt(sum(w.app, (d) => d.missing)),
          ],
          [
            'naive lowdb (db.write() per request)',
            fmt(w.naive.rps, 1),
            ms(w.naive.p99),
            ms(w.naive.flushMs),
            '1',
            fmt(sum(w.naive, (d) => d.acknowledged)),
            fmt(sum(w.naive, (d) => d.missing)),
          ],
        ],
      ),
      '',
      `app / naive: **${fmtRatio(w.appVsNaive, 1)}**; GET /api/map/states while joining: p50 ${ms(w.mapWhileWriting.p50)}, p99 **${ms(w.mapWhileWriting.p99)}**.`,
      '',
    );
  }
  if (s.growth?.length) {
    out.push('### Server: how write cost grows', '');
    out.push(
      table(
        ['Members', 'data file', 'app joins/s', 'naive joins/s', 'app / naive', 'one flush (app)', 'joins per flush'],
        s.growth.map((g) => [
          fmt(g.members),
          `${fmt(g.fileMB, 1)} MB`,
          fmt(g.app.rps),
          fmt(g.naive.rps, 1),
          fmtRatio(g.appVsNaive, 1),
          ms(g.app.flushMs, 1),
          fmt(g.app.commitsPerFlush, 1),
        ]),
      ),
      '',
    );
  }
  if (s.errors.length) out.push(...s.errors.map((e) => `- server error: ${e.split('\n')[0]}`), '');
  return out;
}

const DB_ONLY_LABELS: Record<string, string> = {
  dashboard: 'a dashboard (its SQL: four session touches and member reads, and the lists)',
  save: 'a save (its session touch and transaction)',
};

const MB = (bytes: number | undefined, digits = 0) =>
  bytes === undefined || !Number.isFinite(bytes) ? '-' : `${fmt(bytes / 1e6, digits)} MB`;

function postgresSection(p: PostgresReport): string[] {
  const out: string[] = [];
  const st = p.settings;
  const cpus = st.cpus.server
    ? `Node servers on CPU ${st.cpus.server}, autocannon on CPU ${st.cpus.load}, PostgreSQL unpinned (shares both cores)`
    : 'nothing pinned';
  const size = `${fmt(st.members)} x ${st.days}`;
  out.push(
    `### PostgreSQL (${st.postgresVersion ? `PostgreSQL ${st.postgresVersion}, ` : ''}same machine, loopback; ${cpus})`,
    '',
    `${st.connections} connections, ${st.seconds} s runs, ${st.rounds} round(s), median reported. PostgreSQL settings: ` +
      `${Object.entries(st.postgres)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}. Load average ${st.loadBefore.join(' / ')} before, ${st.loadAfter?.join(' / ') ?? '-'} after.`,
    '',
  );
  if (p.load) {
    const l = p.load;
    out.push(
      table(
        [
          'Data set (COPY)',
          'members',
          'reflections',
          'achievements',
          'ripple effects',
          'COPY',
          'ANALYZE',
          'database',
          'reflections + indexes',
        ],
        [
          [
            l.label,
            fmt(l.members),
            fmt(l.reflections),
            fmt(l.achievements),
            fmt(l.rippleEffects),
            `${fmt(l.copySeconds, 0)} s`,
            `${fmt(l.analyzeSeconds, 1)} s`,
            MB(l.databaseBytes),
            MB(l.reflectionsBytes),
          ],
        ],
      ),
      '',
    );
  }
  const mixCells = (f: MixFigures | undefined) =>
    f ? [`${fmt(f.rps)} req/s`, ms(f.p50, 1), `**${ms(f.p99, 1)}**`, fmt(f.failures)] : ['-', '-', '-', '-'];
  const rows: string[][] = [];
  const sb = p.sideBySide;
  if (sb) {
    const at = `${fmt(sb.members)} x ${sb.days} (${fmt(sb.fileMB, 0)} MB lowdb file)`;
    rows.push([`lowdb, ${at}`, ...mixCells(sb.lowdb.saves), ...mixCells(sb.lowdb.reads)]);
    rows.push([`PostgreSQL, ${at}`, ...mixCells(sb.postgres.saves), ...mixCells(sb.postgres.reads)]);
  }
  if (p.big) rows.push([`PostgreSQL, ${size}`, ...mixCells(p.big.saves), ...mixCells(p.big.reads)]);
  if (rows.length) {
    out.push(
      `#### Saves and the five dashboard reads, ${st.connections} connections`,
      '',
      table(
        ['Store, data', 'saves', 'saves p50', 'saves p99', 'failed', 'reads', 'reads p50', 'reads p99', 'failed'],
        rows,
      ),
      '',
      'Saves: POST /api/me/reflections for a random member (their session cookie), day 90 (their current day, already held: an update). ' +
        'Reads: per random member, GET /api/me, /api/me/reflections, /api/me/achievements, /api/me/ripple-effects, ' +
        '/api/reflection-prompts/90 in turn; p99 over all of them.',
      '',
    );
    const alone = p.alone;
    if (alone?.reads && alone.saves) {
      out.push(
        `Each request alone (a diagnostic: one connection, nothing queued in front of it), PostgreSQL ${size}: ` +
          `reads ${fmt(alone.reads.rps)} req/s, p50 ${ms(alone.reads.p50, 1)}, p99 **${ms(alone.reads.p99, 1)}**; ` +
          `saves ${fmt(alone.saves.rps)} req/s, p50 ${ms(alone.saves.p50, 1)}, p99 **${ms(alone.saves.p99, 1)}**.`,
        '',
      );
    }
    const routes = [
      ...new Set(
        [p.big, sb?.postgres, sb?.lowdb].flatMap((r) =>
          r ? [...Object.keys(r.reads?.byRoute ?? {}), ...Object.keys(r.saves?.byRoute ?? {})] : [],
        ),
      ),
    ];
    const cell = (r: { reads?: MixFigures; saves?: MixFigures } | undefined, route: string) => {
      const x = r?.reads?.byRoute[route] ?? r?.saves?.byRoute[route];
      return x ? `${ms(x.p50, 1)} / ${ms(x.p99, 1)}` : '-';
    };
    out.push(
      table(
        [
          'Route (p50 / p99)',
          ...(p.big ? [`PostgreSQL, ${size}`] : []),
          ...(sb ? [`PostgreSQL, ${fmt(sb.members)} x ${sb.days}`, `lowdb, ${fmt(sb.members)} x ${sb.days}`] : []),
        ],
        routes.map((route) => [
          route,
          ...(p.big ? [cell(p.big, route)] : []),
          ...(sb ? [cell(sb.postgres, route), cell(sb.lowdb, route)] : []),
        ]),
      ),
      '',
    );
  }
  const cpuRows: string[][] = [];
  const cpuRow = (name: string, f: MixFigures | undefined) => {
    if (f?.cpu)
      cpuRows.push([
        name,
        fmt(f.rps),
        fmt(f.cpu.server, 2),
        fmt(f.cpu.postgres, 2),
        fmt(f.cpu.load, 2),
        fmt(f.cpu.other, 2),
      ]);
  };
  if (sb) {
    cpuRow(`lowdb ${fmt(sb.members)} x ${sb.days}: reads`, sb.lowdb.reads);
    cpuRow(`lowdb ${fmt(sb.members)} x ${sb.days}: saves`, sb.lowdb.saves);
    cpuRow(`PostgreSQL ${fmt(sb.members)} x ${sb.days}: reads`, sb.postgres.reads);
    cpuRow(`PostgreSQL ${fmt(sb.members)} x ${sb.days}: saves`, sb.postgres.saves);
  }
  cpuRow(`PostgreSQL ${size}: reads`, p.big?.reads);
  cpuRow(`PostgreSQL ${size}: saves`, p.big?.saves);
  cpuRow(`PostgreSQL ${size}: mixed, one process`, p.twoProcesses?.one);
  cpuRow(`PostgreSQL ${size}: mixed, two processes`, p.twoProcesses?.two);
  if (cpuRows.length) {
    out.push(
      '#### Where the CPU went during the measured runs (cores busy on average, of 2; median over rounds)',
      '',
      table(['Run', 'req/s', 'server(s)', 'PostgreSQL', 'autocannon', 'everything else'], cpuRows),
      '',
    );
  }
  if (p.explain?.length || p.dbOnly?.length) {
    out.push(`#### Diagnostics at ${size}`, '');
    if (p.explain?.length) {
      out.push(
        table(
          ['Store read', 'plan (outermost first)', 'rows', 'execution', 'planning', 'buffers hit / read'],
          p.explain.map((e) => [
            e.query,
            e.plan,
            fmt(e.rows),
            ms(e.executionMs, 3),
            ms(e.planningMs, 3),
            `${fmt(e.hit)} / ${fmt(e.read)}`,
          ]),
        ),
        '',
      );
    }
    if (p.dbOnly?.length) {
      const endToEnd = (kind: string) =>
        kind === 'dashboard'
          ? p.big?.reads &&
            `${fmt(p.big.reads.rps / 5)} dashboards/s (five requests each), request p99 ${ms(p.big.reads.p99, 1)}`
          : p.big?.saves && `${fmt(p.big.saves.rps)} saves/s, p99 ${ms(p.big.saves.p99, 1)}`;
      out.push(
        table(
          ['Database alone (pgbench, same SQL)', 'per second', 'p50', 'p99', 'through the server'],
          p.dbOnly.map((d) => [
            `${DB_ONLY_LABELS[d.kind]}, ${d.clients} connections`,
            fmt(d.tps),
            ms(d.p50, 1),
            ms(d.p99, 1),
            endToEnd(d.kind) || '-',
          ]),
        ),
        '',
        ...p.dbOnly.map(
          (d) =>
            `- ${DB_ONLY_LABELS[d.kind]}, average per statement: ${d.statements.map((x) => `\`${x.sql.replace(/\s+/g, ' ').slice(0, 48)}…\` ${fmt(x.ms, 2)} ms`).join('; ')}`,
        ),
        '',
      );
    }
  }
  const j = p.joins;
  if (j) {
    out.push(
      `#### Joins at ${fmt(j.members)} members, no reflections (${j.connections} connections)`,
      '',
      table(
        ['Store', 'joins/s', 'p99', 'per round', 'failed'],
        [
          [
            'PostgreSQL',
            fmt(j.postgres.rps),
            ms(j.postgres.p99),
            j.postgres.perRound.map((n) => fmt(n)).join(', '),
            fmt(j.postgres.failures),
          ],
          [
            'lowdb (group commit)',
            fmt(j.lowdb.rps),
            ms(j.lowdb.p99),
            j.lowdb.perRound.map((n) => fmt(n)).join(', '),
            fmt(j.lowdb.failures),
          ],
        ],
      ),
      '',
      `PostgreSQL / lowdb: **${fmtRatio(j.ratio)}** (median of the per-round ratios).`,
      '',
    );
  }
  const t = p.twoProcesses;
  if (t) {
    out.push(
      `#### One server process against two on one database (${size}, mixed: five reads and a save per member, ${t.connections} connections)`,
      '',
      table(
        ['Servers', 'req/s', 'p50', 'p99', 'per round', 'failed'],
        [
          [
            'one process (CPU 0)',
            fmt(t.one.rps),
            ms(t.one.p50, 1),
            ms(t.one.p99, 1),
            t.one.perRound.map((n) => fmt(n)).join(', '),
            fmt(t.one.failures),
          ],
          [
            `two processes (both on CPU 0; ${t.perProcess.map((n) => fmt(n)).join(' + ')} req/s)`,
            fmt(t.two.rps),
            ms(t.two.p50, 1),
            ms(t.two.p99, 1),
            t.two.perRound.map((n) => fmt(n)).join(', '),
            fmt(t.two.failures),
          ],
        ],
      ),
      '',
      `Two / one: **${fmtRatio(t.ratio)}**.`,
      '',
    );
  }
  if (p.peak) out.push(...peakSection(p.peak, size));
  if (p.startup?.length) {
    out.push(
      '#### bin.ts start-up (spawn to its `listening` line) and resident memory after a mixed load',
      '',
      table(
        ['Store, data', 'start-up (median)', 'each start', 'RSS after load', 'peak RSS', 'load during it'],
        p.startup.map((r) => [
          r.label,
          ms(r.startMs),
          r.startsMs.map((x) => fmt(x)).join(', '),
          MB(r.rssBytes),
          MB(r.peakRssBytes),
          r.load
            ? `${fmt(r.load.rps)} req/s, p99 ${ms(r.load.p99, 1)}${r.load.failures ? `, ${fmt(r.load.failures)} failed` : ''}`
            : '-',
        ]),
      ),
      '',
      ...(p.startFloorMs !== undefined
        ? [
            `The floor: a script that loads nothing, started the same way (node --import tsx, pinned), prints its line after ${ms(p.startFloorMs)}.`,
            '',
          ]
        : []),
    );
  }
  const c = p.capacity;
  if (c) {
    out.push(
      `#### lowdb capacity: one flush (median of lone flushes) by data size, members x ${c.days} days`,
      '',
      table(
        ['Members', 'member-days', 'data file', 'flush (median)', 'flushes', 'CPU per flush', 'open', 'RSS'],
        c.points.map((x) => [
          fmt(x.members),
          fmt(x.memberDays),
          MB(x.bytes, 1),
          x.flushMs > c.budgetMs ? `**${ms(x.flushMs, 0)}**` : ms(x.flushMs, 0),
          x.samples.map((v) => fmt(v)).join(', '),
          ms(x.flushCpuMs, 0),
          `${fmt(x.openMs / 1000, 1)} s`,
          MB(x.rssBytes),
        ]),
      ),
      '',
      c.memberDays !== undefined
        ? `A flush passes ${c.budgetMs} ms at about **${fmt(c.memberDays)} member-days (${MB(c.bytes, 0)} of data file)** (linear between the two sizes around it).`
        : `No measured size put a flush ${c.points.some((x) => x.flushMs > c.budgetMs) ? 'under' : 'past'} ${c.budgetMs} ms: capacity not bracketed.`,
      '',
    );
  }
  if (p.errors.length) out.push(...p.errors.map((e) => `- postgres error: ${e.split('\n')[0]}`), '');
  return out;
}

const cores = (cpu: CpuUse | undefined) =>
  cpu ? `${fmt(cpu.server, 2)} / ${fmt(cpu.postgres, 2)} / ${fmt(cpu.load, 2)} / ${fmt(cpu.other, 2)}` : '-';

/** "0", or what failed: requests answered non-2xx, failed, timed out; visits not started. */
function failedCell(f: { non2xx: number; errors: number; timeouts: number; dropped?: number }): string {
  const parts = [
    [f.non2xx, 'non-2xx'],
    [f.errors, 'errors'],
    [f.timeouts, 'timeouts'],
    [f.dropped ?? 0, 'dropped'],
  ] as const;
  const failed = parts.filter(([n]) => n > 0);
  return failed.length ? `**${failed.map(([n, what]) => `${fmt(n)} ${what}`).join(', ')}**` : '0';
}

/** The 09:00 peak (bench/server/peak.ts): the open loop at its rate, then saturation, each server setting in a row. */
function peakSection(k: PeakReport, size: string): string[] {
  const st = k.settings;
  const sides = [k.one, k.two].filter((x) => x !== undefined);
  const processes = (x: PeakSide) => (x.workers === 1 ? 'one process' : 'two processes');
  const servers = (x: PeakSide) => `${processes(x)} (WEB_CONCURRENCY=${x.workers}${x.cpus ? `, CPU ${x.cpus}` : ''})`;
  return [
    `#### The 09:00 peak: ${fmt(st.rate)} visits a second for ${st.seconds} s, open loop, bin.ts with one process and with two (PostgreSQL ${size})`,
    '',
    `Each visit is another member (of ${fmt(st.members)}; a session of their own, last used ${fmt(st.lastSeenHoursAgo)} h before): ` +
      'GET /api/me/dashboard, then POST /api/me/reflections for their current day (already saved: an update), on one new connection. ' +
      `Visits start on a fixed clock whatever the earlier ones are doing (${st.warmup} s of it first, not measured); the dashboard's time counts from when the visit was due. ` +
      `One Node process sends them (node:http${st.loadCpu ? `, on CPU ${st.loadCpu}` : ''}); PostgreSQL is not pinned. ` +
      `${st.rounds} round(s), the settings interleaved; median of the rounds' figures.`,
    '',
    table(
      [
        'Servers',
        'visits started/s',
        'completed/s',
        'dashboard p50',
        'dashboard p99',
        'save p50',
        'save p99',
        'p99 per round (dashboard / save)',
        'fewest members a round',
        'failed',
        'cores: server / PostgreSQL / generator / other',
      ],
      sides.map((x) => [
        servers(x),
        fmt(x.peak.startedPerSecond, 1),
        fmt(x.peak.completedPerSecond, 1),
        ms(x.peak.dashboardP50, 1),
        `**${ms(x.peak.dashboardP99, 1)}**`,
        ms(x.peak.saveP50, 1),
        `**${ms(x.peak.saveP99, 1)}**`,
        x.peak.dashboardP99PerRound.map((d, i) => `${fmt(d, 1)} / ${fmt(x.peak.saveP99PerRound[i], 1)}`).join(', '),
        fmt(x.peak.fewestMembers),
        failedCell(x.peak),
        cores(x.peak.cpu),
      ]),
    ),
    '',
    `The generator started each measured visit at most ${sides.map((x) => ms(x.peak.lagMaxMs, 1)).join(' / ')} after it was due ` +
      `(${sides.map(processes).join(' / ')}, worst round).`,
    '',
    `Saturation: ${st.concurrency} members in a closed loop, each visiting again as soon as a visit ends (${st.saturationSeconds} s runs after ${st.saturationWarmup} s); visits completed (both requests 2xx) a second.`,
    '',
    table(
      [
        'Servers',
        'visits/s',
        'per round',
        'dashboard p99',
        'save p99',
        'failed',
        'cores: server / PostgreSQL / generator / other',
      ],
      sides.map((x) => [
        servers(x),
        fmt(x.saturation.visitsPerSecond),
        x.saturation.perRound.map((n) => fmt(n)).join(', '),
        ms(x.saturation.dashboardP99, 1),
        ms(x.saturation.saveP99, 1),
        x.saturation.failures ? `**${fmt(x.saturation.failures)}**` : '0',
        cores(x.saturation.cpu),
      ]),
    ),
    '',
    `Two / one at saturation: **${fmtRatio(k.saturationRatio)}** (median of the per-round ratios).`,
    '',
  ];
}

function pageRow(p: PageFigures, blank: boolean): string[] {
  return [
    blank ? `${p.page} (baseline)` : p.page,
    fmt(p.score),
    ms(p.fcp),
    ms(p.lcp),
    ms(p.tbt),
    fmt(p.cls, 3),
    `${kB(p.jsGzip)} (${fmt(p.jsFiles)} files, ${kB(p.jsTransfer)} sent)`,
    blank ? '1.00x' : fmtRatio(p.fcpVsBlank),
    blank ? '1.00x' : fmtRatio(p.lcpVsBlank),
  ];
}

function browserSection(b: BrowserReport): string[] {
  const out: string[] = [];
  if (b.pages.length) {
    out.push(
      `### Browser: Lighthouse, mobile defaults (median; Lighthouse benchmarkIndex ${fmt(b.benchmarkIndex)})`,
      '',
    );
    const rows = [...(b.blank ? [pageRow(b.blank, true)] : []), ...b.pages.map((p) => pageRow(p, false))];
    out.push(
      table(['Page', 'Score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS gzipped', 'FCP / blank', 'LCP / blank'], rows),
      '',
    );
    const errors = b.pages.flatMap((p) => p.errors.map((e) => `- ${p.page}: ${e.split('\n')[0]}`));
    if (errors.length) out.push(...errors, '');
  }
  if (b.slow?.pages.length) {
    out.push(
      `### Browser: a slower phone (Lighthouse's CPU slowdown at ${b.slow.cpuSlowdown}x instead of 4x, median)`,
      '',
      table(
        ['Page', 'Score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS gzipped', 'FCP / blank', 'LCP / blank'],
        [...(b.slow.blank ? [pageRow(b.slow.blank, true)] : []), ...b.slow.pages.map((p) => pageRow(p, false))],
      ),
      '',
    );
  }
  if (b.build) out.push(...buildSection(b.build));
  if (b.errors.length) out.push(...b.errors.map((e) => `- browser error: ${e.split('\n')[0]}`), '');
  return out;
}

const PART_KIND: Record<Composition['parts'][number]['kind'], string> = { package: 'npm', site: 'ours', other: '' };
const pct = (part: number, whole: number) => (whole > 0 ? `${fmt((100 * part) / whole, 1)} %` : '-');

/**
 * A composition, largest part first; parts under 0.25 kB gzipped (or past maxRows) are summed in
 * one last row, so the table stays readable.
 */
function compositionTable(c: Composition, maxRows: number): string {
  const shown = c.parts.filter((p, i) => i < maxRows && p.gzip >= 250);
  const rest = c.parts.slice(shown.length);
  const rows = shown.map((p) => [
    p.name,
    PART_KIND[p.kind],
    kB(p.gzip),
    pct(p.gzip, c.gzip),
    kB(p.raw),
    fmt(p.modules),
  ]);
  if (rest.length) {
    const sum = (f: (p: Composition['parts'][number]) => number) => rest.reduce((t, p) => t + f(p), 0);
    rows.push([
      `${rest.length} smaller parts`,
      '',
      kB(sum((p) => p.gzip)),
      pct(
        sum((p) => p.gzip),
        c.gzip,
      ),
      kB(sum((p) => p.raw)),
      fmt(sum((p) => p.modules)),
    ]);
  }
  return table(['Part', 'Kind', 'gzipped', 'Share', 'minified', 'Source files'], rows);
}

/** The build's tables: route chunks, then what the entry and the home page's own chunks are made of. */
function buildSection(build: Omit<BuildReport, 'gzipByFile'>): string[] {
  const out: string[] = [
    `### Build: route chunks (gzipped; entry and its static imports ${kB(build.entryGzip)}, all JS ${kB(build.totalJsGzip)})`,
    '',
  ];
  const seen = new Set<string>();
  const rows = build.routes
    .filter((r) => !seen.has(r.file) && seen.add(r.file))
    .map((r) => [r.route, r.file.replace(/^static\//, ''), kB(r.gzip), kB(r.initialGzip)]);
  out.push(table(['Route', 'Chunk', 'Chunk gz', 'Entry + chunk gz'], rows), '');

  if (build.pages.length) {
    out.push(
      "### Build: each page's scripts (gzipped), before any interaction and once every island is used",
      '',
      "From the manifest (bench/browser/pageScripts.ts): a static page's islands entry and, once it is idle, the islands' runtime and its `idle` islands; then its `visible` islands and what every island loads on demand. A page of the client app: its entry and its route's chunk.",
      '',
      table(
        [
          'Page',
          'Hydrates',
          'Islands',
          'Before interaction',
          'Files',
          'After every island',
          'Packages before interaction',
        ],
        build.pages.map((p) => [
          p.page,
          p.hydrate,
          p.hydrate === 'islands' ? fmt(p.islands) : '-',
          kB(p.beforeGzip),
          fmt(p.beforeFiles),
          kB(p.afterGzip),
          p.packagesBefore.slice(0, 6).join(', ') + (p.packagesBefore.length > 6 ? ', …' : ''),
        ]),
      ),
      '',
    );
  }
  const entry = build.entryComposition;
  out.push(
    `### Build: what the client app's entry is made of (its chunk and static imports: ${entry.files.length} files, ${kB(entry.gzip)} gzipped, ${kB(entry.raw)} minified)`,
    '',
    "From the source maps: each byte counted to the package (or our workspace) of the source it maps to; a chunk's gzip size shared out in proportion to each part's bytes gzipped on their own (docs/decisions/021-first-visit-javascript.md).",
    '',
    compositionTable(entry, 30),
    '',
  );
  if (entry.siteModules.length) {
    out.push(
      `Our largest files in it (minified): ${entry.siteModules
        .slice(0, 8)
        .map((m) => `${m.path.replace(/^packages\//, '')} ${kB(m.raw)}`)
        .join(', ')}.`,
      '',
    );
  }
  const home = build.homeComposition;
  if (home) {
    out.push(
      `### Build: what / loads before any interaction (the islands entry, their runtime and its idle islands: ${home.files.length} files, ${kB(home.gzip)} gzipped)`,
      '',
      compositionTable(home, 12),
      '',
    );
  }
  return out;
}

function adminSearchSection(a: AdminSearchReport): string[] {
  const st = a.settings;
  const pin = st.cpus.server
    ? `servers on CPU ${st.cpus.server}, autocannon on CPU ${st.cpus.load}, PostgreSQL unpinned`
    : 'nothing pinned';
  const other = (['lowdb', 'postgres'] as const)
    .map((store) => (a.cpu?.[store] ? `${store} runs ${fmt(a.cpu[store].other, 2)}` : undefined))
    .filter(Boolean)
    .join(', ');
  const out: string[] = [
    `### Admin participant list at ${fmt(st.members)} members (GET /api/admin/members, 25 a page)`,
    '',
    `${st.connections} connection (one admin: each request alone), ${st.seconds} s per query and store, ${st.rounds} round(s), ` +
      `median of the rounds' p50 and p99; every response timed. ${st.postgresVersion ? `PostgreSQL ${st.postgresVersion}, ` : ''}${pin}. ` +
      `Load average ${st.loadBefore.join(' / ')} before, ${st.loadAfter?.join(' / ') ?? '-'} after` +
      `${other ? `; cores busy with other work during the runs: ${other}` : ''}.`,
    '',
    table(
      ['Query', 'matches', 'lowdb p50', 'lowdb p99', 'PostgreSQL p50', 'PostgreSQL p99'],
      a.queries.map((q) => [
        q.kind,
        q.total === undefined ? `differ: ${JSON.stringify(q.totals)}` : fmt(q.total),
        ms(q.figures.lowdb?.p50, 1),
        ms(q.figures.lowdb?.p99, 1),
        ms(q.figures.postgres?.p50, 1),
        ms(q.figures.postgres?.p99, 1),
      ]),
    ),
    '',
  ];
  if (a.explain?.length) {
    out.push(
      table(
        ['EXPLAIN ANALYZE (PostgreSQL)', 'count', 'count plan', 'page', 'page plan'],
        a.explain.map((e) => [e.kind, ms(e.countMs, 1), e.countPlan, `${ms(e.pageMs, 1)} ${e.direction}`, e.pagePlan]),
      ),
      '',
    );
  }
  if (a.errors.length) out.push(...a.errors.map((e) => `- admin search error: ${e.split('\n')[0]}`), '');
  return out;
}

/** Insights (bench/server/insights.ts): cold and cached, the member's charts, and the visits beside a loop of cold Insights. */
function insightsSection(i: InsightsReport): string[] {
  const st = i.settings;
  const size = `${fmt(st.members)} x ${st.days}`;
  const pin = st.cpus.server
    ? `bin.ts with one process on CPU ${st.serverCpus ?? st.cpus.server}, load generators on CPU ${st.cpus.load}, PostgreSQL unpinned`
    : 'nothing pinned';
  const out: string[] = [
    `### Insights at ${size} days (${st.postgresVersion ? `PostgreSQL ${st.postgresVersion}, ` : ''}${pin})`,
    '',
  ];
  if (i.load) {
    out.push(
      `Data set: ${fmt(i.load.members)} members, ${fmt(i.load.reflections)} reflections, ${fmt(i.load.rippleEffects)} ripple effects ` +
        `(COPY ${fmt(i.load.copySeconds)} s, VACUUM ANALYZE ${fmt(i.vacuumSeconds, 1)} s, database ${MB(i.load.databaseBytes)}). ` +
        `Load average ${st.loadBefore.join(' / ')} before, ${st.loadAfter?.join(' / ') ?? '-'} after. ` +
        'lowdb is not measured: 50,000 x 90 days is about 6 GB of JSON, past the longest string V8 can read a file into.',
      '',
    );
  }
  const rows: string[][] = [];
  for (const c of i.cold ?? [])
    rows.push([
      `Cold Insights, ${c.filter}${c.members === undefined ? '' : ` (${fmt(c.members)} members)`}: refresh, then GET`,
      fmt(c.count),
      ms(c.p50),
      `**${ms(c.p99)}**`,
      ms(c.max),
      '0',
    ]);
  const cached = i.cached;
  if (cached)
    rows.push([
      'Cached Insights, whole movement',
      fmt(cached.count),
      ms(cached.p50, 1),
      `**${ms(cached.p99, 1)}**`,
      ms(cached.max, 1),
      cached.failures ? `**${fmt(cached.failures)}**` : '0',
    ]);
  const chartsRow = (what: string, charts: ChartsFigures, bold: boolean) =>
    rows.push([
      `Member's charts, GET /api/me/reflections, ${what} (${fmt(charts.rps)} req/s; p99 per round ${charts.p99PerRound.map((x) => fmt(x, 1)).join(', ')})`,
      fmt(charts.requests),
      ms(charts.p50, 1),
      bold ? `**${ms(charts.p99, 1)}**` : ms(charts.p99, 1),
      '-',
      charts.failures ? `**${fmt(charts.failures)}**` : '0',
    ]);
  if (i.charts) chartsRow("the member's first request of the day", i.charts, true);
  if (i.chartsSameDay) chartsRow('session used a moment before (diagnostic)', i.chartsSameDay, false);
  if (rows.length) {
    out.push(
      table(['Request, one at a time', 'requests', 'p50', 'p99', 'max', 'failed'], rows),
      '',
      `Cold: ${st.coldRuns} GETs per filter after POST /api/admin/insights/refresh, the filters alternating, each timed alone from the bench's process` +
        `${i.coldCpu ? ` (cores meanwhile, server / PostgreSQL / generator / other: ${cores(i.coldCpu)})` : ''}. ` +
        `Cached: ${fmt(st.cachedRequests)} GETs over one connection, every response's own time` +
        `${cached?.cpu ? ` (cores: ${cores(cached.cpu)})` : ''}. ` +
        `Charts: a random member per request over one connection, ${st.rounds} x ${st.chartsSeconds} s; ` +
        `each member's session new and last used ${fmt(st.lastSeenHoursAgo)} h before, as at the 09:00 peak, so the request ` +
        "also moves the session's last use (a commit); the diagnostic's sessions were used a moment before, as when the charts open after the dashboard.",
      '',
    );
  }
  const u = i.underInsights;
  if (u) {
    const row = (name: string, f: PeakFigures) => [
      name,
      fmt(f.completedPerSecond, 1),
      ms(f.dashboardP50, 1),
      `**${ms(f.dashboardP99, 1)}**`,
      ms(f.saveP50, 1),
      `**${ms(f.saveP99, 1)}**`,
      f.dashboardP99PerRound.map((d, k) => `${fmt(d, 1)} / ${fmt(f.saveP99PerRound[k], 1)}`).join(', '),
      failedCell(f),
      cores(f.cpu),
    ];
    out.push(
      `#### Saves and dashboards while Insights computes: the 09:00 peak's visits, ${fmt(st.rate)} a second for ${st.seconds} s (open loop)`,
      '',
      table(
        [
          'Visits',
          'completed/s',
          'dashboard p50',
          'dashboard p99',
          'save p50',
          'save p99',
          'p99 per round (dashboard / save)',
          'failed',
          'cores: server / PostgreSQL / generator / other',
        ],
        [row('alone', u.alone), row('with cold Insights back to back', u.withInsights)],
      ),
      '',
      ...(u.aloneKeptUp
        ? []
        : [
            `**The visits alone did not keep up** (failed or dropped visits, or fewer than 95 % of the ${fmt(st.rate)} a second completed): ` +
              'the server was behind the rate without Insights, so the ratios below compare two queues and the budgets count them as not measured.',
            '',
          ]),
      `With / alone (median of the per-round ratios): dashboard p99 **${fmtRatio(u.dashboardRatio)}**, save p99 **${fmtRatio(u.saveRatio)}**. ` +
        `Beside the visits, ${fmt(u.insights.count)} cold Insights answered in ${ms(u.insights.p50)} (p50) to ${ms(u.insights.max)}; ` +
        `one was in flight for at least ${fmt(u.coveredShare * 100)} % of each measured window. ` +
        `${st.rounds} round(s), the two runs of a round back to back, their order alternating.`,
      '',
    );
  }
  if (i.errors.length) out.push(...i.errors.map((e) => `- insights error: ${e.split('\n')[0]}`), '');
  return out;
}

/** The metrics' cost (bench/server/metricsCost.ts): a store call bare and timed, requests with and without the metrics. */
function metricsCostSection(m: MetricsCostReport): string[] {
  const st = m.settings;
  const pin = st.cpus.server ? `servers on CPU ${st.cpus.server}, autocannon on CPU ${st.cpus.load}` : 'not pinned';
  const out: string[] = [`### What the metrics cost (${pin})`, ''];
  const c = m.storeCall;
  if (c) {
    out.push(
      table(
        ['Store call (lowdb, seed in memory)', 'bare', 'timedStore', 'added', 'per round, bare / timed'],
        [
          [
            'store.states()',
            `${fmt(c.bareNs)} ns`,
            `${fmt(c.timedNs)} ns`,
            `**${fmt(c.addedNs)} ns**`,
            c.barePerRound.map((b, k) => `${fmt(b)} / ${fmt(c.timedPerRound[k])}`).join(', '),
          ],
        ],
      ),
      '',
      `${fmt(st.storeCalls)} calls in a row per round, ${st.storeRounds} rounds after an unmeasured pair, the order alternating; medians.`,
      '',
    );
  }
  const row = (what: string, p: PairFigures | undefined): string[][] =>
    p
      ? [
          [
            what,
            `${fmt(p.without.rps)} / ${fmt(p.with.rps)}`,
            `**${fmtRatio(p.ratio, 3)}**`,
            `**${fmt(p.addedMicroseconds, 1)} µs**`,
            `${fmt(p.without.cpuMicroseconds, 1)} / ${fmt(p.with.cpuMicroseconds, 1)} µs`,
            `**${fmt(p.addedCpuMicroseconds, 1)} µs**`,
            `${fmt(p.without.busy, 2)} / ${fmt(p.with.busy, 2)}`,
            `${ms(p.without.p99)} / ${ms(p.with.p99)}`,
            fmt(p.without.failures + p.with.failures),
          ],
        ]
      : [];
  const rows = [
    ...row('bare Koa + router, without / with httpMetrics', m.middleware),
    ...row('createApp on lowdb, store bare / wrapped by timedStore (diagnostic)', m.timedApp),
  ];
  const perRound = (what: string, p: PairFigures | undefined) =>
    p
      ? [`${what}: ${p.without.perRound.map((x, k) => `${fmt(x)} / ${fmt(p.with.perRound[k])}`).join(', ')} req/s.`]
      : [];
  const calls = m.appStoreCalls;
  if (rows.length) {
    out.push(
      table(
        [
          `GET ${st.path}`,
          'req/s without / with',
          'with / without',
          'added (1/rps)',
          'server CPU per request',
          'added CPU',
          'server cores busy',
          'p99 without / with',
          'failed',
        ],
        rows,
      ),
      '',
      `${st.connections} connections, ${st.seconds} s per server and round in 1 s slices taken in turn, ${st.rounds} round(s), ` +
        'each server warmed up first; ratio and added times are medians of the per-round figures. "added (1/rps)" is the ' +
        'server\'s time per request where its core is the limit (cores busy near 1.0); "added CPU" is the server process\'s CPU ' +
        'time per answered request, whichever side sets the pace. ' +
        `Load average ${st.loadBefore.join(' / ')} before, ${st.loadAfter?.join(' / ') ?? '-'} after.`,
      '',
      ...perRound('Per round, bare Koa without / with', m.middleware),
      ...perRound('Per round, createApp bare / timed store', m.timedApp),
      ...(calls
        ? [
            `The timed app's store calls per request (its own metrics): ${fmt(calls.perRequest, 2)} (` +
              `${Object.entries(calls.byOperation)
                .map(([operation, n]) => `${operation} ${fmt(n, 2)}`)
                .join(', ')}).`,
          ]
        : []),
      '',
    );
  }
  if (m.errors.length) out.push(...m.errors.map((e) => `- metrics cost error: ${e.split('\n')[0]}`), '');
  return out;
}

function budgetValue(b: Budget): string {
  if (b.value === undefined) return 'not measured';
  if (b.unit === ' B') return kB(b.value);
  if (b.unit === 'x') return fmtRatio(b.value);
  if (b.unit === ' ms') return ms(b.value, b.value < 10 ? 1 : 0);
  if (b.unit === ' MB') return `${fmt(b.value)} MB`;
  if (b.unit === ' µs') return `${fmt(b.value, 2)} µs`;
  return fmt(b.value, Number.isInteger(b.value) ? 0 : 3);
}

const budgetLimit = (b: Budget) =>
  `${b.op} ${b.unit === ' B' ? kB(b.limit) : b.unit === 'x' ? `${b.limit}x` : `${b.limit}${b.unit}`}`;

export function renderMarkdown(r: BenchReport): string {
  const m = r.machine;
  const out: string[] = [
    `Measured ${r.date} on ${m.nproc} x ${m.cpuModel}, Node ${m.node}, ${m.platform}${m.chromium ? `, ${m.chromium}` : ''}` +
      ` (${r.options.quick ? 'quick, ' : ''}${r.options.rounds} round(s), ${fmt(r.durationSeconds / 60, 1)} min).`,
    '',
  ];
  if (r.server) out.push(...serverSection(r.server));
  if (r.postgres) out.push(...postgresSection(r.postgres));
  if (r.adminSearch) out.push(...adminSearchSection(r.adminSearch));
  if (r.insights) out.push(...insightsSection(r.insights));
  if (r.metricsCost) out.push(...metricsCostSection(r.metricsCost));
  if (r.browser) out.push(...browserSection(r.browser));
  if (r.budgets.length) {
    out.push('### Budgets', '');
    out.push(
      table(
        ['Budget', 'Measured', 'Limit', 'Holds'],
        r.budgets.map((b) => [b.label, budgetValue(b), budgetLimit(b), b.ok ? 'yes' : '**NO**']),
      ),
      '',
    );
  }
  return out.join('\n');
}

/** The build's tables alone, as markdown (bench/browser/analyse.ts). */
export function renderBuild(build: Omit<BuildReport, 'gzipByFile'>): string {
  return buildSection(build).join('\n');
}
