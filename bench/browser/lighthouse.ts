/**
 * Lighthouse (npm, CLI) against the production build served by the real server (bin.ts on a
 * random port with a temp data file), Debian's chromium headless, mobile defaults (simulated
 * slow 4G and 4x CPU slowdown). One fresh Chrome per run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { collect, exited, spawnNode, stop, withTimeout, REPO_ROOT } from '../lib/proc.js';
import { chromiumPath } from '../../scripts/chromium.mjs';

export interface SiteServer {
  url: string;
  child: ChildProcess;
  close(): Promise<void>;
}

/** `npm start`'s server (packages/server/src/bin.ts) on a free port, serving `staticDir`. */
export async function startSite(staticDir: string, workDir: string): Promise<SiteServer> {
  mkdirSync(workDir, { recursive: true });
  const child = spawnNode(join(REPO_ROOT, 'packages/server/src/bin.ts'), [], {
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_FILE: join(workDir, 'data.json'),
      OUTBOX_DIR: join(workDir, 'outbox'),
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SMTP_URL: '',
    },
  });
  const output = collect(child);
  const port = await withTimeout(
    new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /"msg":"listening","port":(\d+)/.exec(output.stdout());
        if (match) {
          clearInterval(timer);
          resolve(Number(match[1]));
        }
      }, 100);
      void exited(child).then(({ code }) => {
        clearInterval(timer);
        reject(new Error(`the site server exited (${code}): ${output.stderr().slice(-2000)}`));
      });
    }),
    180_000,
    'site server start',
  );
  return { url: `http://127.0.0.1:${port}`, child, close: () => stop(child, 'SIGTERM') };
}

export interface PageRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Scripts the page loaded: bytes over the wire, and the same files gzipped. */
  jsTransfer: number;
  jsGzip: number;
  jsFiles: number;
  benchmarkIndex: number;
  warnings: string[];
}

interface Lhr {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
  environment?: { benchmarkIndex?: number };
  runWarnings?: string[];
  runtimeError?: { code: string; message: string };
}

const BIN = join(REPO_ROOT, 'node_modules/lighthouse/cli/index.js');

/**
 * @param cpuSlowdown Lighthouse's simulated CPU slowdown instead of its mobile default (4x).
 * @param headers sent with every request of the page (a member's cookie).
 */
export async function runLighthouse(
  url: string,
  outFile: string,
  gzipByFile: Record<string, number>,
  cpuSlowdown?: number,
  headers?: Record<string, string>,
): Promise<PageRun> {
  const headersFile = `${outFile}.headers.json`;
  if (headers) writeFileSync(headersFile, JSON.stringify(headers));
  const child = spawnNode(
    BIN,
    [
      url,
      '--output=json',
      `--output-path=${outFile}`,
      '--only-categories=performance',
      ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
      ...(headers ? [`--extra-headers=${headersFile}`] : []),
      // Without the background-networking flags Chromium keeps trying to reach Google's services,
      // which a closed network refuses many at a time: main-thread work that is not the page's.
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic',
      '--quiet',
    ],
    { tsx: false, env: { CHROME_PATH: chromiumPath() } },
  );
  const output = collect(child);
  const { code } = await withTimeout(exited(child), 300_000, `lighthouse ${url}`);
  if (code !== 0) throw new Error(`lighthouse ${url} exited ${code}: ${output.stderr().slice(-2000)}`);
  const lhr = JSON.parse(readFileSync(outFile, 'utf8')) as Lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const origin = new URL(url).origin;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script' && String(item.url).startsWith(origin),
  );
  const jsGzip = scripts.reduce((sum, item) => {
    const name = new URL(String(item.url)).pathname.split('/').pop() ?? '';
    return sum + (gzipByFile[name] ?? Number(item.transferSize ?? 0));
  }, 0);
  const score = lhr.categories.performance?.score;
  return {
    score: score === null || score === undefined ? Number.NaN : Math.round(score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndex: value('speed-index'),
    jsTransfer: scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
    jsGzip,
    jsFiles: scripts.length,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * The baseline page: the same document head and one paragraph, no script, served by the same
 * server from the same folder: what Lighthouse's throttled phone and this machine allow at best.
 */
export function writeBlankPage(staticDir: string): string {
  const index = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const head =
    /<head>([\s\S]*?)<\/head>/
      .exec(index)?.[1]
      ?.replace(/<script[\s\S]*?<\/script>|<link rel="modulepreload"[^>]*>/g, '') ?? '';
  writeFileSync(
    join(staticDir, 'bench-blank.html'),
    `<!doctype html>\n<html lang="en"><head>${head}</head>\n<body><main><h1>Pause. Reflect. Retry.</h1>` +
      '<p>There is a better way. This page is the benchmark baseline: the same server and head, no script.</p></main></body></html>\n',
  );
  return '/bench-blank.html';
}
