/**
 * The admin's participant list at 50,000 members (`npm run bench -- --only admin-search`; part of
 * the full run): GET /api/admin/members with an admin session, one query kind at a time, on the
 * lowdb app and on the PostgreSQL app holding the same members
 * (docs/decisions/022-admin-participants-at-scale.md, budget 50 ms p99).
 *
 * - The members come from the import's generator (packages/server/src/tools/import/
 *   generateLowdbFile.ts): names from a short list of first and last names (so names tie, and a
 *   common substring matches thousands), e-mails made of the name and the member's index, random
 *   ZIP codes and states, a tenth inactive. The lowdb app opens that file; the PostgreSQL database
 *   is the same file through the import (importLowdbFile), then VACUUM ANALYZE: a settled database,
 *   as autovacuum leaves it a minute after a bulk load.
 * - One connection: the list serves one admin, so each request is measured alone, nothing queued
 *   in front of it. Every response's own time is recorded (load.ts, exactLatency).
 * - Both servers run for the whole case (pinned to the server core, as every server under test);
 *   each round measures every query on one store, then on the other, the order alternating.
 * - A diagnostic beside the figures: EXPLAIN ANALYZE of the SQL the store runs for each query
 *   (packages/server/src/store/postgres/memberSearch.ts), count and page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { AdminMemberQuery, type AdminMemberQueryInput } from '@prr/contract';
import { memberSearch, type StoredMember } from '@prr/domain';
import { hashPassword } from '../../packages/server/src/auth/passwords.js';
import { createPool } from '../../packages/server/src/store/postgres/pool.js';
import { countQuery, pageQuery } from '../../packages/server/src/store/postgres/memberSearch.js';
import { writeLowdbFile } from '../../packages/server/test/generateLowdbFile.js';
import { realClockAdmin, signInAdminNow } from '../../packages/server/test/adminOnRealClock.js';
import { importLowdbFile } from '../../packages/server/src/tools/importLowdb.js';
import { cpuPlan } from '../lib/machine.js';
import { median } from '../lib/stats.js';
import { medianCpuUse, withCpuUse, type CpuUse } from './cpuUse.js';
import { BENCH_ADMIN } from './data.js';
import { runLoad, startTarget, type Target } from './harness.js';
import type { LoadResult } from './load.js';
import { createBenchDatabase, startBenchCluster } from './pgData.js';

export interface AdminSearchOptions {
  rounds: number;
  quick: boolean;
  workDir: string;
  log: (line: string) => void;
}

export type AdminStore = 'lowdb' | 'postgres';

export interface AdminQueryFigures {
  /** Medians over the rounds, ms. */
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  /** Non-2xx, errors and timeouts over all rounds. */
  failures: number;
  p99PerRound: number[];
}

export interface AdminQueryRow {
  kind: string;
  path: string;
  /** The `total` the list answered (the same on both stores, or the row says so). */
  total: number | undefined;
  totals: Partial<Record<AdminStore, number>>;
  figures: Partial<Record<AdminStore, AdminQueryFigures>>;
}

export interface AdminExplainRow {
  kind: string;
  /** The page's statement: forward, or the reversed order from its start (records.ts, searchMembers). */
  direction: 'forward' | 'backward';
  countPlan: string;
  countMs: number;
  pagePlan: string;
  pageMs: number;
}

export interface AdminSearchReport {
  settings: {
    members: number;
    connections: number;
    seconds: number;
    rounds: number;
    cpus: ReturnType<typeof cpuPlan>;
    postgresVersion?: string;
    loadBefore: number[];
    loadAfter?: number[];
  };
  queries: AdminQueryRow[];
  explain?: AdminExplainRow[];
  /** Cores busy during the measured runs per store (median over its runs): how shared the machine was. */
  cpu?: Partial<Record<AdminStore, CpuUse>>;
  errors: string[];
}

const PAGE_SIZE = 25;

interface QueryKind {
  kind: string;
  query: AdminMemberQueryInput;
}

/**
 * The mix: the list as it opens, a deep page, a name sort, texts that match many, few and one
 * member, a text too short for the trigram index, a ZIP prefix, and the state and status filters.
 * Texts that must match come from the data (`members`), so the rare one matches exactly one.
 */
function queryKinds(members: readonly StoredMember[]): QueryKind[] {
  const middlePage = Math.max(1, Math.round(members.length / PAGE_SIZE / 2));
  const rare = members[Math.floor(members.length * 0.47)]!.email.split('@')[0]!;
  const zip = members[123]!.zipCode.slice(0, 3);
  return [
    { kind: 'newest, page 1 (no filter)', query: {} },
    { kind: `newest, page ${middlePage} (the middle: the deepest either end)`, query: { page: middlePage } },
    { kind: 'name A-Z, page 1', query: { sort: 'name' } },
    { kind: `name Z-A, page ${middlePage}`, query: { sort: 'name-desc', page: middlePage } },
    { kind: 'text, common ("mar")', query: { q: 'mar' } },
    { kind: 'text in every e-mail ("example")', query: { q: 'example' } },
    { kind: 'text of 2 characters ("an")', query: { q: 'an' } },
    { kind: 'text, rare (one e-mail)', query: { q: rare } },
    { kind: `ZIP prefix ("${zip}")`, query: { q: zip } },
    { kind: 'state and status (TX, active)', query: { state: 'TX', status: 'active' } },
    { kind: 'status inactive, name A-Z', query: { status: 'inactive', sort: 'name' } },
  ];
}

function pathOf(query: AdminMemberQueryInput): string {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries({ pageSize: PAGE_SIZE, ...query })) fields[name] = String(value);
  return `/api/admin/members?${new URLSearchParams(fields).toString()}`;
}

/** 50,000 generated members (no reflections), and an admin whose password the bench knows. */
async function dataFile(dir: string, members: number): Promise<{ file: string; members: StoredMember[] }> {
  const file = join(dir, `admin-search-${members}.json`);
  // No e-mail log: the generator dates its entries by day of the experiment, and these members have none.
  await writeLowdbFile(file, { members, days: 0, order: ['products', 'testimonials', 'states', 'members', 'admins'] });
  const data = JSON.parse(readFileSync(file, 'utf8')) as { members: StoredMember[]; admins: unknown[] };
  data.admins = [
    {
      id: '00000000-0000-4000-8000-00000000a0a0',
      name: 'Bench Admin',
      email: BENCH_ADMIN.email,
      passwordHash: await hashPassword(BENCH_ADMIN.password),
    },
  ];
  writeFileSync(file, JSON.stringify(data));
  return { file, members: data.members };
}

/**
 * Signs in as the bench admin; answers the Cookie header that carries the session. Production
 * asks for a second factor: the admin enrols TOTP through the real routes, as the tests do.
 */
async function signIn(target: Target): Promise<string> {
  try {
    return await signInAdminNow(target.url, realClockAdmin(BENCH_ADMIN));
  } catch (error) {
    throw new Error(`admin sign-in on ${target.kind}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function totalOf(target: Target, cookie: string, path: string): Promise<number> {
  const response = await fetch(target.url + path, { headers: { cookie } });
  if (!response.ok) throw new Error(`${target.kind} ${path}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { total: number; items: unknown[] };
  return body.total;
}

function figuresOf(results: readonly LoadResult[]): AdminQueryFigures {
  const answered = results.filter((r) => r.ok > 0);
  return {
    p50: median(answered.map((r) => r.latency.p50)),
    p99: median(answered.map((r) => r.latency.p99)),
    rps: median(results.map((r) => r.rps)),
    requests: results.reduce((t, r) => t + r.ok, 0),
    failures: results.reduce((t, r) => t + r.non2xx + r.errors + r.timeouts, 0),
    p99PerRound: answered.map((r) => Math.round(r.latency.p99 * 10) / 10),
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** A plan in one line, outermost first; a node's inputs in brackets when it has several (a join, a BitmapOr). */
function planLine(node: PlanNode): string {
  const here = `${node['Node Type']}${node['Index Name'] ? ` (${node['Index Name']})` : node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  const inputs = node.Plans ?? [];
  if (inputs.length === 0) return here;
  if (inputs.length === 1) return `${here} < ${planLine(inputs[0]!)}`;
  return `${here} < [${inputs.map(planLine).join(' | ')}]`;
}

/** EXPLAIN ANALYZE of the store's two statements for each query, the page read as the store reads it. */
async function explainQueries(url: string, kinds: readonly QueryKind[]): Promise<AdminExplainRow[]> {
  const pool = createPool(url, { max: 1 });
  type Explained = Array<{ Plan: PlanNode; 'Execution Time': number }>;
  const explain = async (statement: { text: string; values: unknown[] }) => {
    const { rows } = await pool.query<{ 'QUERY PLAN': Explained }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
      statement.values,
    );
    const top = rows[0]!['QUERY PLAN'][0]!;
    return { plan: planLine(top.Plan), ms: top['Execution Time'] };
  };
  try {
    const out: AdminExplainRow[] = [];
    for (const { kind, query } of kinds) {
      const parsed = AdminMemberQuery.parse({ pageSize: PAGE_SIZE, ...query });
      const search = memberSearch(parsed);
      const counting = countQuery(search);
      const count = await explain(counting);
      const { rows } = await pool.query<{ total: number }>(counting.text, counting.values);
      const total = rows[0]?.total ?? 0;
      // As PgReads.searchMembers chooses.
      const from = (parsed.page - 1) * parsed.pageSize;
      const size = Math.max(0, Math.min(parsed.pageSize, total - from));
      const following = total - from - size;
      const direction = following < from ? 'backward' : 'forward';
      const page = await explain(
        pageQuery(search, direction, direction === 'backward' ? following : from, Math.max(size, 1)),
      );
      out.push({ kind, direction, countPlan: count.plan, countMs: count.ms, pagePlan: page.plan, pageMs: page.ms });
    }
    return out;
  } finally {
    await pool.end();
  }
}

export async function benchAdminSearch(o: AdminSearchOptions): Promise<AdminSearchReport> {
  const s = o.quick ? { members: 10_000, seconds: 2, warmup: 20 } : { members: 50_000, seconds: 5, warmup: 50 };
  const cpu = cpuPlan();
  const report: AdminSearchReport = {
    settings: {
      members: s.members,
      connections: 1,
      seconds: s.seconds,
      rounds: o.rounds,
      cpus: cpu,
      loadBefore: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    queries: [],
    errors: [],
  };
  o.log(`admin search: ${s.members.toLocaleString('en-US')} members, GET /api/admin/members, 1 connection`);
  const { file, members } = await dataFile(o.workDir, s.members);
  const kinds = queryKinds(members);
  const cluster = await startBenchCluster();
  const targets: Partial<Record<AdminStore, { target: Target; cookie: string }>> = {};
  try {
    const url = await createBenchDatabase(cluster.url, 'admin_search');
    const pool = createPool(url, { max: 1 });
    try {
      const started = Date.now();
      await importLowdbFile({ file, pool });
      await pool.query('VACUUM ANALYZE members');
      report.settings.postgresVersion = (
        await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v")
      ).rows[0]?.v;
      o.log(`  imported into PostgreSQL ${report.settings.postgresVersion} in ${(Date.now() - started) / 1000} s`);
    } finally {
      await pool.end();
    }

    for (const store of ['lowdb', 'postgres'] as const) {
      const target = await startTarget(
        store === 'lowdb' ? { kind: 'app', dataFile: file } : { kind: 'pg-app', databaseUrl: url },
        o.workDir,
        cpu.server,
      );
      targets[store] = { target, cookie: await signIn(target) };
    }

    const results = new Map<string, Record<AdminStore, LoadResult[]>>();
    const cpuUse: Record<AdminStore, CpuUse[]> = { lowdb: [], postgres: [] };
    for (const { kind, query } of kinds) {
      const path = pathOf(query);
      const row: AdminQueryRow = { kind, path, total: undefined, totals: {}, figures: {} };
      for (const store of ['lowdb', 'postgres'] as const) {
        const { target, cookie } = targets[store]!;
        row.totals[store] = await totalOf(target, cookie, path);
      }
      const totals = Object.values(row.totals);
      row.total = totals.every((t) => t === totals[0]) ? totals[0] : undefined;
      if (row.total === undefined) report.errors.push(`${kind}: the stores answer different totals`);
      report.queries.push(row);
      results.set(kind, { lowdb: [], postgres: [] });
    }

    for (let round = 0; round < o.rounds; round += 1) {
      const order: AdminStore[] = round % 2 === 0 ? ['lowdb', 'postgres'] : ['postgres', 'lowdb'];
      for (const store of order) {
        const { target, cookie } = targets[store]!;
        for (const row of report.queries) {
          const { result, cpu: use } = await withCpuUse(() =>
            runLoad(
              {
                url: target.url,
                path: row.path,
                connections: 1,
                duration: s.seconds,
                warmupAmount: s.warmup,
                headers: { cookie },
                exactLatency: true,
              },
              cpu.load,
            ),
          );
          results.get(row.kind)![store].push(result);
          if (use) cpuUse[store].push(use);
          o.log(
            `  r${round + 1} ${store.padEnd(8)} ${row.kind.padEnd(48)} p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms` +
              `${result.non2xx + result.errors + result.timeouts ? `, ${result.non2xx} non-2xx ${result.errors} errors` : ''}` +
              `${use ? ` [other ${use.other} cores]` : ''}`,
          );
        }
      }
    }
    for (const row of report.queries) {
      const measured = results.get(row.kind)!;
      for (const store of ['lowdb', 'postgres'] as const)
        if (measured[store].length) row.figures[store] = figuresOf(measured[store]);
    }
    report.cpu = { lowdb: medianCpuUse(cpuUse.lowdb), postgres: medianCpuUse(cpuUse.postgres) };

    try {
      report.explain = await explainQueries(url, kinds);
      for (const e of report.explain)
        o.log(
          `  EXPLAIN ${e.kind}: count ${e.countMs.toFixed(1)} ms (${e.countPlan}); page ${e.direction} ${e.pageMs.toFixed(1)} ms (${e.pagePlan})`,
        );
    } catch (error) {
      report.errors.push(`explain: ${error instanceof Error ? error.message : String(error)}`);
    }
  } finally {
    report.settings.loadAfter = loadavg().map((x) => Math.round(x * 100) / 100);
    await Promise.all(Object.values(targets).map((t) => t.target.kill()));
    await cluster.stop();
  }
  return report;
}
