/** The human summary: markdown tables for stdout, bench/results/latest.md and the README. */
import type { Budget } from './budgets.js';
import type { BrowserReport, PageFigures } from './browser/run.js';
import type { Machine } from './lib/machine.js';
import { fmt, fmtRatio } from './lib/stats.js';
import type { ServerReport, WriteCase } from './server/run.js';

export interface BenchReport {
  date: string;
  machine: Machine;
  options: { rounds: number; quick: boolean; only?: string };
  durationSeconds: number;
  server?: ServerReport;
  browser?: BrowserReport;
  budgets: Budget[];
}

const table = (head: string[], rows: string[][]): string =>
  [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

const kB = (bytes: number | undefined) => (bytes === undefined || !Number.isFinite(bytes) ? '-' : `${fmt(bytes / 1000, 1)} kB`);
const ms = (value: number | undefined, digits = 0) => (value === undefined || !Number.isFinite(value) ? '-' : `${fmt(value, digits)} ms`);

function serverSection(s: ServerReport): string[] {
  const out: string[] = [];
  const pin = s.settings.cpus.server ? `server on CPU ${s.settings.cpus.server}, autocannon on CPU ${s.settings.cpus.load}` : 'not pinned';
  if (s.reads?.length) {
    out.push(`### Server: reads through the full stack (10 connections, ${s.settings.readSeconds} s runs, ${pin})`, '');
    out.push(
      table(
        ['Route (body)', 'bare node:http', 'bare Koa', 'Koa + app headers', 'app', 'app / Koa', 'app / Koa + headers', 'app / http', 'app p99'],
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
    out.push(`### Server: joins at ${fmt(w.members)} members (${w.connections} connections, ${fmt(w.fileMB, 1)} MB data file)`, '');
    const sum = (side: WriteCase['app'], f: (d: WriteCase['app']['durability'][number]) => number) => side.durability.reduce((t, d) => t + f(d), 0);
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
    out.push(`### Browser: Lighthouse, mobile defaults (median; Lighthouse benchmarkIndex ${fmt(b.benchmarkIndex)})`, '');
    const rows = [...(b.blank ? [pageRow(b.blank, true)] : []), ...b.pages.map((p) => pageRow(p, false))];
    out.push(table(['Page', 'Score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS gzipped', 'FCP / blank', 'LCP / blank'], rows), '');
    const errors = b.pages.flatMap((p) => p.errors.map((e) => `- ${p.page}: ${e.split('\n')[0]}`));
    if (errors.length) out.push(...errors, '');
  }
  if (b.build) {
    out.push(`### Build: route chunks (gzipped; entry and its static imports ${kB(b.build.entryGzip)}, all JS ${kB(b.build.totalJsGzip)})`, '');
    const seen = new Set<string>();
    const rows = b.build.routes
      .filter((r) => !seen.has(r.file) && seen.add(r.file))
      .map((r) => [r.route, r.file.replace(/^static\//, ''), kB(r.gzip), kB(r.initialGzip)]);
    out.push(table(['Route', 'Chunk', 'Chunk gz', 'Entry + chunk gz'], rows), '');
  }
  if (b.errors.length) out.push(...b.errors.map((e) => `- browser error: ${e.split('\n')[0]}`), '');
  return out;
}

function budgetValue(b: Budget): string {
  if (b.value === undefined) return 'not measured';
  if (b.unit === ' B') return kB(b.value);
  if (b.unit === 'x') return fmtRatio(b.value);
  if (b.unit === ' ms') return ms(b.value, b.value < 10 ? 1 : 0);
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
  if (r.browser) out.push(...browserSection(r.browser));
  if (r.budgets.length) {
    out.push('### Budgets', '');
    out.push(table(['Budget', 'Measured', 'Limit', 'Holds'], r.budgets.map((b) => [b.label, budgetValue(b), budgetLimit(b), b.ok ? 'yes' : '**NO**'])), '');
  }
  return out.join('\n');
}
