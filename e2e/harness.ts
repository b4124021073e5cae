/**
 * Starts the real site (`packages/server/src/bin.ts`, the same entry as `npm start`) on a random
 * port with a temporary data file and outbox, and a Chromium page that records console errors.
 * With PRR_TEST_STORE=postgres (the `e2e-postgres` Vitest project) the site runs on a fresh
 * PostgreSQL database instead of the data file, as `DATABASE_URL=… npm start` does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumPath } from '../scripts/chromium.mjs';
import { dropDatabase, freshDatabaseUrl } from '../packages/server/test/postgres/databases';

/** The store the site under test runs on. */
export const SITE_STORE = process.env.PRR_TEST_STORE === 'postgres' ? 'postgres' : 'lowdb';

export const repoRoot = new URL('..', import.meta.url).pathname;

export interface RunningSite {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'prr-e2e-'));
  copyFileSync(join(repoRoot, 'db.json'), join(dataDir, 'db.json'));
  const databaseUrl = SITE_STORE === 'postgres' ? await freshDatabaseUrl() : undefined;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/bin.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_FILE: join(dataDir, 'db.json'),
      OUTBOX_DIR: join(dataDir, 'outbox'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr.join('')}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${stderr.join('')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === 'listening' && entry.port) {
          clearTimeout(timer);
          resolve(entry.port);
        }
      } catch {
        // Not a JSON log line.
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropDatabase(databaseUrl);
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const viewports = {
  wide: { width: 1280, height: 800 },
  narrow: { width: 375, height: 812 },
} as const;

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** console errors and uncaught page errors seen so far. */
  errors: string[];
}

export async function openPage(browser: Browser, viewport: { width: number; height: number }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Opens a watched page, runs `use` with it, and closes its context whatever happens. */
export async function withPage(
  browser: Browser,
  viewport: { width: number; height: number },
  use: (watched: WatchedPage) => Promise<void>,
): Promise<void> {
  const watched = await openPage(browser, viewport);
  try {
    await use(watched);
  } finally {
    await watched.context.close();
  }
}

export interface SiteAndBrowser {
  site: RunningSite;
  browser: Browser;
}

/** One real site and one Chromium for a test file: started before its tests, stopped after them. */
export function useSiteAndBrowser(): SiteAndBrowser {
  const running = {} as SiteAndBrowser;
  beforeAll(async () => {
    running.site = await startSite();
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    // Either may be missing when start-up failed; the failure is reported by beforeAll.
    await (running.browser as Browser | undefined)?.close();
    await (running.site as RunningSite | undefined)?.stop();
  });
  return running;
}
