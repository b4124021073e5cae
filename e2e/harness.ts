/**
 * Starts the real site (`packages/server/src/bin.ts`, the same entry as `npm start`) on a random
 * port with a temporary data file and outbox, and a Chromium page that records console errors.
 * With PRR_TEST_STORE=postgres (the `e2e-postgres` Vitest project) the site runs on a fresh
 * PostgreSQL database instead of the data file, as `DATABASE_URL=… npm start` does.
 * Also: the outbox's e-mails as a member reads them (kind, subject, the links they carry), and
 * the API answers a page received.
 */
import { freePort } from '../scripts/freePort.mjs';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_ADMIN, routeList } from '@prr/contract';
import { headlessShellPath } from '../scripts/chromium.mjs';
import { realClockAdmin, type RealClockAdmin } from '../packages/server/test/adminOnRealClock';
import { dropDatabase, freshDatabaseUrl } from '../packages/server/test/postgres/databases';

/** The store the site under test runs on. */
export const SITE_STORE = process.env.PRR_TEST_STORE === 'postgres' ? 'postgres' : 'lowdb';

export const repoRoot = new URL('..', import.meta.url).pathname;

export interface RunningSite {
  url: string;
  dataDir: string;
  /** The site's admin as the tests know it: the password, and once enrolled the second factor. */
  admin: RealClockAdmin;
  stop: () => Promise<void>;
}

/** Changes the data file the lowdb site starts from (a copy of db.json) before the site starts. */
export type SeedDataFile = (dataFile: string) => void;

export async function startSite(env: Record<string, string> = {}, seed?: SeedDataFile): Promise<RunningSite> {
  // The site must know its own address before it starts: PUBLIC_URL is the one origin its
  // same-origin check accepts, and the origin its e-mail links and passkeys name.
  const chosenPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'prr-e2e-'));
  copyFileSync(join(repoRoot, 'db.json'), join(dataDir, 'db.json'));
  seed?.(join(dataDir, 'db.json'));
  const databaseUrl = SITE_STORE === 'postgres' ? await freshDatabaseUrl() : undefined;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/bin.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses to start without a configured admin; the journeys sign in as the demo one
      // and enrol a second factor at the first sign-in (adminSignIn.ts).
      ADMIN_EMAIL: DEMO_ADMIN.email,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      PORT: String(chosenPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${chosenPort}`,
      DATA_FILE: join(dataDir, 'db.json'),
      OUTBOX_DIR: join(dataDir, 'outbox'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // One process, whatever the cores: the journeys run two at a time beside each other, and
      // the cluster has tests of its own (packages/server/test/cluster.postgres.test.ts).
      WEB_CONCURRENCY: '1',
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
    admin: realClockAdmin({
      email: env.ADMIN_EMAIL ?? DEMO_ADMIN.email,
      password: env.ADMIN_PASSWORD ?? DEMO_ADMIN.password,
    }),
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
    executablePath: headlessShellPath(),
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
  /**
   * console errors and uncaught page errors seen so far. Chromium's own report of an HTTP error
   * answer ('Failed to load resource: the server responded with a status of 400 (Bad Request)')
   * is one too, with the resource's URL appended, except a 401 from a route the contract says the
   * UI tolerates it on (GET /api/me for a browser nobody is signed in on).
   */
  errors: string[];
}

const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d{3})/;

/** GET routes whose 401 is an answer, not a failure: the contract's `tolerate401`. */
const tolerated401 = new Set(
  routeList.filter((route) => route.tolerate401 && route.method === 'GET').map((route) => route.path),
);

/** What else a page's browser may be: e.g. a member's time zone (`timezoneId`). */
export type PageOptions = Pick<
  BrowserContextOptions,
  'timezoneId' | 'locale' | 'reducedMotion' | 'permissions' | 'javaScriptEnabled'
>;

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: PageOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const failedLoad = FAILED_LOAD.exec(message.text());
    if (!failedLoad) {
      errors.push(message.text());
      return;
    }
    const url = message.location().url;
    if (failedLoad[1] === '401' && tolerated401.has(new URL(url).pathname)) return;
    errors.push(`${message.text()} ${url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * `errors` without Chromium's reports of the HTTP error answers a journey provokes on purpose
 * (e.g. a wrong sign-in code's 400 from POST /api/sign-in/code): each expected answer is named by
 * its status and path; anything else stays.
 */
export function unexpectedErrors(
  errors: readonly string[],
  expected: readonly { status: number; path: string }[],
): string[] {
  return errors.filter((error) => {
    const failedLoad = FAILED_LOAD.exec(error);
    if (!failedLoad) return true;
    const path = new URL(error.slice(error.lastIndexOf(' ') + 1)).pathname;
    return !expected.some((answer) => String(answer.status) === failedLoad[1] && answer.path === path);
  });
}

/**
 * The client app's page top element, inside the site's frame: React hydrates a page's markup in one
 * piece (no Suspense boundary inside it), so once it carries React's key the page's forms and
 * buttons are React's. A prerendered page is on screen before its script has run, and on a busy
 * machine the network can be idle for half a second before it does: a click before that submits
 * the bare HTML form (a reload on the first step) instead of React's.
 */
const APP_PAGE_TOP = '#root main > :first-child';

/**
 * Waits until React has taken over what a visitor can touch first: the client app's page (prerendered
 * and hydrated, or rendered), or on a static page every island marked `idle` (docs/decisions/031-islands.md).
 * The others hydrate when a visitor would need them (near, reached for, scrolled): `islandReady`.
 */
export async function whenHydrated(page: Page): Promise<void> {
  await page.waitForFunction((selector) => {
    if (document.querySelector('[data-island]')) {
      return [...document.querySelectorAll('[data-island][data-load="idle"]')].every((island) =>
        island.hasAttribute('data-hydrated'),
      );
    }
    const top = document.querySelector(selector);
    return top !== null && Object.keys(top).some((key) => key.startsWith('__reactFiber'));
  }, APP_PAGE_TOP);
}

/**
 * Scrolls an island's element into view. The element draws no box of its own, and its render may
 * start with a resource hint React wrote (a `<link rel="preload">`): its first child that is drawn.
 */
async function bringIntoView(island: Locator): Promise<void> {
  await island.evaluate((element) =>
    [...element.children].find((child) => child.getClientRects().length > 0)?.scrollIntoView({ block: 'center' }),
  );
}

/**
 * Does what makes a static page's island hydrate, as a visitor would (docs/decisions/031-islands.md):
 * brings it into view (`visible`), puts the pointer over it (`intent`), or scrolls the page (`scroll`).
 */
export async function reachIsland(island: Locator): Promise<void> {
  const load = await island.getAttribute('data-load');
  if (load === 'scroll') {
    await island.page().mouse.wheel(0, 400);
    return;
  }
  await bringIntoView(island);
  if (load === 'intent') await island.locator('*').filter({ visible: true }).first().hover();
}

/** Reaches for a static page's island (reachIsland) and waits until it is hydrated, ready for input. */
export async function islandReady(page: Page, name: string): Promise<void> {
  await reachIsland(page.locator(`[data-island="${name}"]`).first());
  await page.locator(`[data-island="${name}"][data-hydrated]`).first().waitFor({ state: 'attached' });
}

/**
 * Fills in the experiment's three steps on the page (at /experiment, hydrated) and joins, then waits
 * for the welcome: the browser is then signed in as the new member.
 */
export async function joinTheExperiment(page: Page, who: { name: string; email: string; zip?: string }): Promise<void> {
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Zip code').fill(who.zip ?? '05401');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Join the Experiment' }).last().click();
  await page.getByText('Welcome to the Experiment! 🎉').first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** Opens `url` and waits until its network is idle and React holds the page: ready for input. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await whenHydrated(page);
}

/** Reloads the page and waits as `visit` does. */
export async function revisit(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'networkidle' });
  await whenHydrated(page);
}

/** Opens a watched page, runs `use` with it, and closes its context whatever happens. */
export async function withPage(
  browser: Browser,
  viewport: { width: number; height: number },
  use: (watched: WatchedPage) => Promise<void>,
  options: PageOptions = {},
): Promise<void> {
  const watched = await openPage(browser, viewport, options);
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
export function useSiteAndBrowser(seed?: SeedDataFile): SiteAndBrowser {
  const running = {} as SiteAndBrowser;
  beforeAll(async () => {
    running.site = await startSite({}, seed);
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    // Either may be missing when start-up failed; the failure is reported by beforeAll.
    await (running.browser as Browser | undefined)?.close();
    await (running.site as RunningSite | undefined)?.stop();
  });
  return running;
}

// ---------------------------------------------------------------- the outbox, as a member reads it

/** One .eml file of the site's outbox (`<stamp>-<sequence>-<kind>-<message id>.eml`). */
export interface OutboxMail {
  file: string;
  /** 'welcome', 'reflection', 'signin', ... from the file name. */
  kind: string;
  to: string;
  subject: string;
  /** The whole message with its quoted-printable parts decoded (soft line breaks joined). */
  body: string;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every e-mail in the outbox, in sending order (the file names sort so). */
export async function readOutbox(site: RunningSite): Promise<OutboxMail[]> {
  const dir = join(site.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(join(dir, file), 'utf8');
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
      return {
        file,
        kind: file.split('-')[2] ?? '',
        to: header('To'),
        subject: header('Subject'),
        body: decodeQuotedPrintable(raw),
      };
    }),
  );
}

/** The newest e-mail of `kind` to `email`, waited for (the scheduler and the sign-in route write them). */
export async function newestMail(
  site: RunningSite,
  kind: string,
  email: string,
  { newerThan }: { newerThan?: string } = {},
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readOutbox(site)).filter(
          (m) => m.kind === kind && m.to.includes(email) && (!newerThan || m.file > newerThan),
        );
        found = mails.at(-1);
        return found !== undefined;
      },
      { timeout: 15_000, message: `no '${kind}' e-mail to ${email} in the outbox` },
    )
    .toBe(true);
  return found!;
}

/**
 * The path and fragment of the e-mail's dashboard link (`/dashboard#key=…`: a sign-in e-mail's
 * one-time link and the welcome, daily and level-up e-mails' keys alike, docs/decisions/025-e-mail-key-flow.md).
 * The link's host is the site's PUBLIC_URL, which need not be the address the test site listens on.
 */
export function dashboardLinkIn(mail: OutboxMail): string {
  const match = /https?:\/\/[^\s"'<>]+(\/dashboard#key=[A-Za-z0-9%._~-]+)/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no /dashboard#key= link in ${mail.file}`);
  return match[1];
}

/** The key an e-mail's dashboard link carries (what POST /api/sign-in/link and its check take). */
export function emailKeyIn(mail: OutboxMail): string {
  return decodeURIComponent(dashboardLinkIn(mail).split('#key=')[1]!);
}

// ---------------------------------------------------------------- what a page was answered

export interface ApiAnswer {
  method: string;
  /** The path without the query. */
  path: string;
  status: number;
}

/** Records every /api/ answer the page receives from now on. */
export function recordApiAnswers(page: Page): ApiAnswer[] {
  const answers: ApiAnswer[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/'))
      answers.push({ method: response.request().method(), path: url.pathname, status: response.status() });
  });
  return answers;
}

/** Answers of the member's own routes that gave data away: GET /api/me... with a 200. */
export const privateAnswers = (answers: readonly ApiAnswer[]) =>
  answers.filter((a) => a.path.startsWith('/api/me') && a.status === 200);

/** The e-mail entry of a browser nobody is signed in on. */
export async function expectEmailEntry(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Access Your Dashboard' }).waitFor({ timeout: 15_000 });
  await page.getByLabel('Email address').waitFor();
}

/**
 * Runs `navigate` (a goto or reload of /dashboard on a browser nobody is signed in on) and expects
 * what the server answers such a browser: the signed-out page, the e-mail entry as HTML, which asks
 * the API nothing (docs/decisions/033-one-request-dashboard.md).
 */
export async function toSignedOutEntry(page: Page, navigate: () => Promise<unknown>): Promise<void> {
  const document = page.waitForResponse((response) => response.request().resourceType() === 'document', {
    timeout: 15_000,
  });
  await navigate();
  expect(await (await document).text()).toContain('<div id="root" data-variant="signed-out">');
  await expectEmailEntry(page);
}

// ---------------------------------------------------------------- screenshots of a failed step

export const SCREENSHOT_DIR = join(tmpdir(), 'prr-e2e-screenshots');

/** Saves a full-page screenshot of each page under SCREENSHOT_DIR; returns the paths written. */
export async function screenshotPages(label: string, pages: Record<string, Page | undefined>): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const written: string[] = [];
  for (const [name, page] of Object.entries(pages)) {
    if (!page || page.isClosed()) continue;
    const path = join(SCREENSHOT_DIR, `${label}-${name}.png`.replace(/[^A-Za-z0-9._-]+/g, '_'));
    await page.screenshot({ path, fullPage: true }).then(
      () => written.push(path),
      () => undefined,
    );
  }
  return written;
}
