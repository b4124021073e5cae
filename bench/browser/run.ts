/**
 * The browser half of `npm run bench`: build, each page's scripts, then Lighthouse on every public
 * page and /dashboard (signed out, and signed in with a member's cookie) interleaved with a blank baseline page, round by round (median of the
 * rounds); then / and /map again on a slower phone (Lighthouse's CPU slowdown at 6x, the default 4x).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { sitePages } from '@prr/contract';
import { join } from 'node:path';
import { median, medianRatio } from '../lib/stats.js';
import { REPO_ROOT } from '../lib/proc.js';
import { analyseBuild, buildSiteInto, type BuildReport } from './build.js';
import { runLighthouse, startSite, writeBlankPage, type PageRun } from './lighthouse.js';

/** The public pages: static HTML with islands (docs/decisions/031-islands.md), as the page table says. */
/** The content pages; /impact exists only once the organiser publishes the evidence, which the bench's site has not. */
export const PUBLIC_PAGES = sitePages
  .filter((page) => page.hydrate === 'islands' && !('existsWhilePublished' in page))
  .map((page) => page.path);

/**
 * /dashboard as a member opens it: Lighthouse sends a member's session cookie, and the server
 * answers with the member's page (docs/decisions/033-one-request-dashboard.md). Without it, the
 * signed-out page.
 */
export const SIGNED_IN_DASHBOARD = '/dashboard, signed in';

/** The public pages and the member's dashboard, signed out and signed in. */
export const PAGES = [...PUBLIC_PAGES, '/dashboard', SIGNED_IN_DASHBOARD];

/** Measured again on a slower phone: Lighthouse's CPU slowdown at this multiplier instead of 4. */
export const SLOW_PAGES = ['/', '/map'] as const;
export const SLOW_CPU = 6;

export interface BrowserOptions {
  rounds: number;
  workDir: string;
  /** Measure the existing packages/app/dist instead of building (needs a build with a manifest for chunk sizes). */
  skipBuild: boolean;
  log: (line: string) => void;
}

/** A page's medians over the rounds: one Lighthouse run's figures, without its per-run notes. */
export interface PageFigures extends Omit<PageRun, 'benchmarkIndex' | 'warnings'> {
  page: string;
  /** Median of per-round ratios against the blank page. */
  fcpVsBlank: number;
  lcpVsBlank: number;
  perRoundScore: number[];
  errors: string[];
}

export interface BrowserReport {
  build?: Omit<BuildReport, 'gzipByFile'>;
  blank?: PageFigures;
  pages: PageFigures[];
  /** The same on a slower phone (CPU slowdown SLOW_CPU), for SLOW_PAGES. */
  slow?: { cpuSlowdown: number; blank?: PageFigures; pages: PageFigures[] };
  benchmarkIndex: number;
  warnings: string[];
  errors: string[];
}

function figures(
  page: string,
  runs: Array<PageRun | undefined>,
  blank: Array<PageRun | undefined>,
  errors: string[],
): PageFigures {
  const ok = runs.filter((r): r is PageRun => r !== undefined);
  const pick = (f: (r: PageRun) => number) => median(ok.map(f));
  const paired = (f: (r: PageRun) => number) =>
    medianRatio(
      runs.map((r) => (r ? f(r) : Number.NaN)),
      blank.map((r) => (r ? f(r) : Number.NaN)),
    );
  return {
    page,
    score: pick((r) => r.score),
    fcp: pick((r) => r.fcp),
    lcp: pick((r) => r.lcp),
    tbt: pick((r) => r.tbt),
    cls: pick((r) => r.cls),
    speedIndex: pick((r) => r.speedIndex),
    jsTransfer: pick((r) => r.jsTransfer),
    jsGzip: pick((r) => r.jsGzip),
    jsFiles: pick((r) => r.jsFiles),
    fcpVsBlank: paired((r) => r.fcp),
    lcpVsBlank: paired((r) => r.lcp),
    perRoundScore: ok.map((r) => r.score),
    errors,
  };
}

export async function benchBrowser(o: BrowserOptions): Promise<BrowserReport> {
  const report: BrowserReport = { pages: [], benchmarkIndex: Number.NaN, warnings: [], errors: [] };
  let staticDir = join(o.workDir, 'dist');
  let gzipByFile: Record<string, number> = {};
  try {
    let seconds = 0;
    if (o.skipBuild) {
      staticDir = join(REPO_ROOT, 'packages/app/dist');
      if (!existsSync(join(staticDir, 'index.html')))
        throw new Error('--skip-build: packages/app/dist has no index.html');
    } else {
      o.log('browser: vite build (into a temp folder, with the manifest)');
      seconds = buildSiteInto(staticDir);
    }
    const build = analyseBuild(staticDir, seconds);
    gzipByFile = build.gzipByFile;
    const { gzipByFile: _omit, ...rest } = build;
    report.build = rest;
    o.log(`  built in ${seconds.toFixed(1)} s; entry ${(build.entryGzip / 1000).toFixed(1)} kB gzipped`);
    o.log(
      `  entry by part: ${build.entryComposition.parts
        .slice(0, 8)
        .map((p) => `${p.name} ${(p.gzip / 1000).toFixed(1)}`)
        .join(', ')} (kB gzipped)`,
    );
  } catch (error) {
    report.errors.push(`build: ${error instanceof Error ? error.message : String(error)}`);
    o.log(`  ! build: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    if (!existsSync(join(staticDir, 'index.html'))) return report;
  }

  const site = await startSite(staticDir, join(o.workDir, 'site'));
  try {
    const blankPath = writeBlankPage(staticDir);
    // One member, joined on the bench's own site, whose cookie the signed-in runs send.
    const memberCookie = await joinMember(site.url);
    const target = (page: string) =>
      page === SIGNED_IN_DASHBOARD
        ? { url: `${site.url}/dashboard`, headers: { Cookie: memberCookie } }
        : { url: site.url + page };
    const resultsDir = join(o.workDir, 'lighthouse');
    mkdirSync(resultsDir, { recursive: true });
    /** Every page and the blank one, round by round; the medians, and each run's benchmark index. */
    const measure = async (pages: readonly string[], cpuSlowdown?: number) => {
      const all = [blankPath, ...pages];
      const runs = new Map<string, Array<PageRun | undefined>>(all.map((p) => [p, []]));
      const errors = new Map<string, string[]>(all.map((p) => [p, []]));
      const label = cpuSlowdown ? `CPU slowdown ${cpuSlowdown}x` : 'mobile defaults';
      o.log(`browser: Lighthouse (${label}), ${o.rounds} round(s) of ${all.join(', ')}`);
      for (let round = 0; round < o.rounds; round += 1) {
        for (const page of all) {
          const name = `${page.replace(/\W+/g, '_') || 'home'}${cpuSlowdown ? `-cpu${cpuSlowdown}` : ''}-r${round + 1}`;
          const file = join(resultsDir, `${name}.json`);
          try {
            // Lighthouse on a busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): one retry.
            const { url, headers } = target(page);
            const run = await runLighthouse(url, file, gzipByFile, cpuSlowdown, headers).catch((error: unknown) => {
              o.log(
                `  ! ${page}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; retrying once`,
              );
              return runLighthouse(url, file, gzipByFile, cpuSlowdown, headers);
            });
            runs.get(page)!.push(run);
            o.log(
              `  r${round + 1} ${page.padEnd(18)} score ${run.score} FCP ${Math.round(run.fcp)} LCP ${Math.round(run.lcp)} TBT ${Math.round(run.tbt)} ` +
                `CLS ${run.cls.toFixed(3)} JS ${(run.jsGzip / 1000).toFixed(1)} kB gz (benchmarkIndex ${Math.round(run.benchmarkIndex)})`,
            );
            for (const warning of run.warnings) if (!report.warnings.includes(warning)) report.warnings.push(warning);
          } catch (error) {
            runs.get(page)!.push(undefined);
            const message = error instanceof Error ? error.message : String(error);
            errors.get(page)!.push(message);
            o.log(`  ! ${page}: ${message.split('\n')[0]}`);
          }
        }
      }
      const blank = runs.get(blankPath)!;
      return {
        blank: figures(blankPath, blank, blank, errors.get(blankPath)!),
        pages: pages.map((page) => figures(page, runs.get(page)!, blank, errors.get(page)!)),
        benchmarkIndex: median([...runs.values()].flat().map((r) => r?.benchmarkIndex ?? Number.NaN)),
      };
    };
    const mobile = await measure(PAGES);
    report.blank = mobile.blank;
    report.pages = mobile.pages;
    report.benchmarkIndex = mobile.benchmarkIndex;
    const slow = await measure(SLOW_PAGES, SLOW_CPU);
    report.slow = { cpuSlowdown: SLOW_CPU, blank: slow.blank, pages: slow.pages };
  } finally {
    await site.close();
  }
  return report;
}

/** Joins a member on the site and returns its session cookie (`name=value`), as the browser would send it. */
async function joinMember(siteUrl: string): Promise<string> {
  const response = await fetch(`${siteUrl}/api/movement/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Member', email: `bench.${Date.now()}@example.org`, zipCode: '94110' }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => /prr_member=/.test(pair));
  if (!response.ok || !cookie)
    throw new Error(`joining the bench's member answered ${response.status}, no session cookie`);
  return cookie;
}
