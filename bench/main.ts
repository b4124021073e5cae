/**
 * `npm run bench` (scripts/bench.mjs runs this through tsx). The method and the kept runs: bench/RESULTS.md.
 *
 *   --check            exit 1 when a budget is missed (or could not be measured)
 *   --only server|postgres|postgres-peak|browser|admin-search|insights|metrics
 *                      (postgres-peak: the PostgreSQL part's big data set and its 09:00 peak alone;
 *                      insights: the admin's Insights and the member's charts, server/insights.ts;
 *                      metrics: what the Prometheus metrics cost a store call and a request,
 *                      server/metricsCost.ts)
 *   --quick            1 round, short runs, 10k members instead of 50k (PostgreSQL and insights:
 *                      5,000 x 90 days instead of 50,000 x 90; admin search: 10,000 members): for
 *                      developing the bench (metrics: 2 s per server instead of 5)
 *   --rounds N         rounds per case (default 3; the median is reported)
 *   --skip-build       measure the existing packages/app/dist instead of a fresh temp build
 *   --keep             keep the temp folder (data files, Lighthouse JSON) and print its path
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchBrowser } from './browser/run.js';
import { benchAdminSearch } from './server/adminSearch.js';
import { benchInsights } from './server/insights.js';
import { benchMetricsCost } from './server/metricsCost.js';
import { evaluateBudgets } from './budgets.js';
import { describeMachine } from './lib/machine.js';
import { REPO_ROOT } from './lib/proc.js';
import { renderMarkdown, type BenchReport } from './report.js';
import { benchPostgres } from './server/benchPostgres.js';
import { benchServer } from './server/run.js';
import { stopLoadGenerators } from './server/harness.js';
import { chromiumPath } from '../scripts/chromium.mjs';

const HELP = `npm run bench [-- options]
  --check                 exit non-zero when a budget is missed
  --only server|postgres|postgres-peak|browser|admin-search|insights|metrics
                          run one part (postgres: the PostgreSQL cases and lowdb's capacity;
                          postgres-peak: the 09:00 peak alone, on the PostgreSQL data set;
                          admin-search: the admin's participant list at 50,000 members, both stores;
                          insights: the admin's Insights, cold and cached, the member's charts, and
                          saves and dashboards while Insights computes, PostgreSQL at 50,000 x 90;
                          metrics: a store call with and without timedStore, requests with and
                          without the request metrics, side by side)
  --quick                 1 round, short runs, 10k members, PostgreSQL and insights at 5,000 x 90 days
                          (a smoke run, not for bench/RESULTS.md)
  --rounds N              rounds per case (default 3, median reported)
  --skip-build            Lighthouse on the existing packages/app/dist (no fresh build)
  --keep                  keep the temp folder with data files and Lighthouse reports`;

function chromiumVersion(): string | undefined {
  try {
    const out = spawnSync(chromiumPath(), ['--version'], { encoding: 'utf8', timeout: 20_000 });
    return /Chromium [\d.]+|Chrome [\d.]+/.exec(out.stdout ?? '')?.[0];
  } catch {
    return undefined;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (
    values.only &&
    !['server', 'postgres', 'postgres-peak', 'browser', 'admin-search', 'insights', 'metrics'].includes(values.only)
  ) {
    console.error(
      `--only must be server, postgres, postgres-peak, browser, admin-search, insights or metrics\n\n${HELP}`,
    );
    return 2;
  }
  const rounds = values.rounds ? Math.max(1, Number.parseInt(values.rounds, 10) || 1) : values.quick ? 1 : 3;
  const started = Date.now();
  const log = (line: string) => {
    const s = Math.round((Date.now() - started) / 1000);
    process.stderr.write(
      `[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}] ${line}\n`,
    );
  };
  const workDir = mkdtempSync(join(tmpdir(), 'prr-bench-'));
  const machine = describeMachine();
  const runBrowser = values.only === undefined || values.only === 'browser';
  const runServer = values.only === undefined || values.only === 'server';
  const runPostgres = values.only === undefined || values.only === 'postgres' || values.only === 'postgres-peak';
  const runAdminSearch = values.only === undefined || values.only === 'admin-search';
  const runInsights = values.only === undefined || values.only === 'insights';
  const runMetrics = values.only === undefined || values.only === 'metrics';
  if (runBrowser) machine.chromium = chromiumVersion();
  log(
    `bench: ${machine.nproc} x ${machine.cpuModel}, node ${machine.node}${machine.taskset ? ', taskset' : ', no taskset'}; temp ${workDir}`,
  );

  const report: BenchReport = {
    date: new Date().toISOString(),
    machine,
    options: { rounds, quick: values.quick ?? false, ...(values.only ? { only: values.only } : {}) },
    durationSeconds: 0,
    budgets: [],
  };
  try {
    if (runServer) {
      try {
        report.server = await benchServer({ rounds, quick: values.quick ?? false, workDir, log });
      } finally {
        await stopLoadGenerators();
      }
    }
    if (runPostgres) {
      try {
        report.postgres = await benchPostgres({
          rounds,
          quick: values.quick ?? false,
          workDir,
          log,
          ...(values.only === 'postgres-peak' ? { only: 'peak' as const } : {}),
        });
      } finally {
        await stopLoadGenerators();
      }
    }
    if (runAdminSearch) {
      try {
        report.adminSearch = await benchAdminSearch({ rounds, quick: values.quick ?? false, workDir, log });
      } finally {
        await stopLoadGenerators();
      }
    }
    if (runInsights) {
      try {
        report.insights = await benchInsights({ rounds, quick: values.quick ?? false, workDir, log });
      } finally {
        await stopLoadGenerators();
      }
    }
    if (runMetrics) {
      try {
        report.metricsCost = await benchMetricsCost({ rounds, quick: values.quick ?? false, workDir, log });
      } finally {
        await stopLoadGenerators();
      }
    }
    if (runBrowser) {
      report.browser = await benchBrowser({ rounds, workDir, skipBuild: values['skip-build'] ?? false, log });
    }
  } finally {
    if (values.keep) log(`bench: kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
  report.durationSeconds = (Date.now() - started) / 1000;
  report.budgets = evaluateBudgets(
    report.server,
    report.browser,
    report.postgres,
    report.adminSearch,
    report.insights,
    report.metricsCost,
  );

  const markdown = renderMarkdown(report);
  const resultsDir = join(REPO_ROOT, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'latest.md'), `${markdown}\n`);
  process.stdout.write(`${markdown}\n`);
  log(`bench: wrote bench/results/latest.json and latest.md in ${(report.durationSeconds / 60).toFixed(1)} min`);

  const missed = report.budgets.filter((b) => !b.ok);
  if (values.check) {
    if (missed.length > 0) {
      log(`bench --check: ${missed.length} budget(s) missed:\n${missed.map((b) => `  - ${b.label}`).join('\n')}`);
      return 1;
    }
    log('bench --check: every budget holds');
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
