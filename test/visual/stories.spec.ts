/**
 * Visual regression of every story (`npm run test:visual`, playwright.config.ts): each story of the
 * static Storybook is opened on its own, `iframe.html?id=<id>` as the top-level page, at each
 * viewport of .storybook/viewports.ts (one Playwright project each); once it has settled the whole
 * page is compared with visual-baselines/<story-id>--<viewport>.png.
 *
 * Which viewports a story is captured at is what Chromatic captures: the story's
 * `parameters.chromatic.modes` as the built Storybook resolves them (a story pinned to a viewport,
 * `parameters.visual` and `chromatic.disableSnapshot` are folded in by chromaticFor, see
 * .storybook/viewports.ts). The other combinations are reported as skipped.
 *
 * The page's clock (Playwright's) starts at the mocks' FIXTURE_NOW and stands still; this test
 * moves it on, 16 ms at a time and never faster than real time, so the page's timers (a play
 * function's waits, a carousel's interval, a toast's 5 s) fire at the same points of the story
 * however slow the machine is. A capture is taken when the story has settled, never after a fixed
 * wait:
 * 1. Storybook has finished the story: rendered, play function and afterEach hooks done
 *    (the preview's render phase is 'finished'); a story that failed there fails here too.
 * 2. Then, for half a second of the page's time: no request in flight (except those a story holds
 *    open on purpose with MSW's delay('infinite')), web fonts and images loaded, and no change of
 *    the DOM or of the page's size. A button that was disabled while focused (during its request)
 *    is left unfocused.
 * 3. Images decoded; the screenshot itself waits for two identical pictures in a row, and the
 *    clock does not move while it is taken.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { enabledModes, type ChromaticParameters } from '../../.storybook/viewports.ts';
import { FIXTURE_NOW } from '../../mocks/fixtures/clock.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BASELINES_DIR = `${ROOT}visual-baselines`;
const FREEZE_CSS = readFileSync(new URL('./freeze.css', import.meta.url), 'utf8');

/**
 * How far the stopped clock moves per step, and for how long (clock time) nothing may change
 * before the story counts as settled: longer than the short timers pages wait on before they
 * change (React shows content that replaces a Suspense fallback at the earliest 300 ms after the
 * fallback; debounces), shorter than the ones that belong to a later picture (a toast's 5 s).
 */
const STEP_MS = 16;
const QUIET_MS = 500;
/** A story not finished, or not settled, after this long (real time) fails, saying where it stood. */
const STORY_TIMEOUT_MS = 30_000;
const SETTLE_TIMEOUT_MS = 20_000;

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
}

/** The stories of the build in storybook-static/ (npm run test:visual builds it first). */
function storyIds(): string[] {
  let index: { entries: Record<string, IndexEntry> };
  try {
    index = JSON.parse(readFileSync(`${ROOT}storybook-static/index.json`, 'utf8'));
  } catch {
    throw new Error(
      'No Storybook build in storybook-static/: run `npm run test:visual` (it builds Storybook first) or `npm run build-storybook`.',
    );
  }
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map((entry) => entry.id);
}

/** What the page exposes to this test: Storybook's preview, and the probe the init script installs. */
interface StoryWindow {
  __STORYBOOK_PREVIEW__?: {
    storyStoreValue?: unknown;
    currentRender?: { id: string; phase?: string };
    extract(): Promise<Record<string, { parameters: { chromatic?: ChromaticParameters } }>>;
  };
  __visual?: {
    mutations: number;
    /** MSW's delay('infinite') is a setTimeout of 2^31-1 ms; how many are waiting. */
    infiniteDelays: number;
    /** Elements that were disabled while they had focus (a submit button during its request). */
    disabledWhileFocused: WeakSet<Element>;
  };
}

const test = base.extend<object, { modesByStory: Map<string, string[]> }>({
  // Once per worker: every story's Chromatic modes as the built preview resolves them.
  modesByStory: [
    async ({ browser }, use, workerInfo) => {
      const page = await browser.newPage({ baseURL: workerInfo.project.use.baseURL });
      await page.goto('/iframe.html');
      await page.waitForFunction(() => (window as StoryWindow).__STORYBOOK_PREVIEW__?.storyStoreValue);
      const modes = await page.evaluate(async () => {
        const stories = await (window as StoryWindow).__STORYBOOK_PREVIEW__!.extract();
        return Object.entries(stories).map(([id, story]) => [id, story.parameters.chromatic] as const);
      });
      await page.close();
      await use(new Map(modes.map(([id, chromatic]) => [id, enabledModes(chromatic)])));
    },
    { scope: 'worker' },
  ],
});

/**
 * Runs in the story's page before any of its scripts: the freeze stylesheet, a count of DOM
 * mutations, the elements disabled while focused, and a count of MSW's infinite delays. The latter
 * wraps setTimeout once the document has loaded, that is after Playwright's clock has replaced it;
 * MSW calls setTimeout by name.
 */
function instrumentPage(css: string) {
  const INFINITE = 2 ** 31 - 1;
  const probe = { mutations: 0, infiniteDelays: 0, disabledWhileFocused: new WeakSet<Element>() };
  (window as StoryWindow).__visual = probe;
  new MutationObserver((records) => {
    probe.mutations += records.length;
    for (const { target, attributeName } of records) {
      if (
        attributeName === 'disabled' &&
        target === document.activeElement &&
        (target as Element).hasAttribute('disabled')
      ) {
        probe.disabledWhileFocused.add(target as Element);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('DOMContentLoaded', () => {
    const style = document.createElement('style');
    style.dataset.visualRegression = '';
    style.textContent = css;
    document.head.append(style);

    const setTimeout = window.setTimeout;
    const clearTimeout = window.clearTimeout;
    const waiting = new Set<number>();
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
      if (timeout !== INFINITE || typeof handler !== 'function') return setTimeout(handler, timeout, ...args);
      const id = setTimeout(() => {
        waiting.delete(id);
        probe.infiniteDelays = waiting.size;
        handler(...args);
      }, timeout);
      waiting.add(id);
      probe.infiniteDelays = waiting.size;
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined && waiting.delete(id)) probe.infiniteDelays = waiting.size;
      clearTimeout(id);
    }) as typeof window.clearTimeout;
  });
}

/** The page's requests still waiting for an answer (including those MSW answers). */
function trackRequests(page: Page): Set<Request> {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return inFlight;
}

/**
 * Moves the page's stopped clock on by one step, taking at least as long in real time: the page's
 * timers never run ahead of what the network and the renderer can do in the meantime.
 */
async function step(page: Page) {
  const started = Date.now();
  await page.clock.runFor(STEP_MS);
  const rest = STEP_MS - (Date.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}

/** Step 1 of the header; throws what Storybook showed if the story failed. */
async function storyFinished(page: Page, id: string) {
  const deadline = Date.now() + STORY_TIMEOUT_MS;
  const phase = () =>
    page.evaluate((storyId) => {
      const render = (window as StoryWindow).__STORYBOOK_PREVIEW__?.currentRender;
      return render?.id === storyId ? render.phase : 'not started';
    }, id);
  for (let current = await phase(); current !== 'finished'; current = await phase()) {
    if (Date.now() > deadline)
      throw new Error(`Storybook did not finish the story within ${STORY_TIMEOUT_MS / 1000} s (phase: ${current}).`);
    await step(page);
  }
  const failure = await page.evaluate(() =>
    document.body.classList.contains('sb-show-errordisplay')
      ? [document.querySelector('#error-message')?.textContent, document.querySelector('#error-stack')?.textContent]
          .filter(Boolean)
          .join('\n')
      : null,
  );
  if (failure !== null) {
    throw new Error(
      `Story "${id}" failed in Storybook (render or play function), so there is nothing to compare; the 'stories' Vitest project reports it too:\n${failure}`,
    );
  }
}

interface PageState {
  mutations: number;
  infiniteDelays: number;
  width: number;
  height: number;
  fontsLoaded: boolean;
  imagesLoading: number;
}

/** One look at the page, after the tasks already queued (React renders) have run. */
function readPageState(): Promise<PageState> {
  const probe = (window as StoryWindow).__visual!;
  const nextTask = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  return nextTask()
    .then(nextTask)
    .then(() => {
      // Lazy images below the first screen are in the picture too.
      for (const image of Array.from(document.images)) if (image.loading === 'lazy') image.loading = 'eager';
      // A focused button disabled during its request keeps focus (and its focus ring) only if the
      // answer came before Chromium's next style update noticed: timing, not the story. Both ways
      // end unfocused here. Focus a story puts on a control on purpose (keyboard stories) stays.
      const active = document.activeElement;
      if (active instanceof HTMLElement && probe.disabledWhileFocused.has(active)) active.blur();
      const state = {
        mutations: probe.mutations,
        infiniteDelays: probe.infiniteDelays,
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
        fontsLoaded: document.fonts.status === 'loaded',
        imagesLoading: Array.from(document.images).filter((image) => !image.complete).length,
      };
      probe.mutations = 0;
      return state;
    });
}

/** Step 2 of the header: the clock moved on until nothing has changed for QUIET_MS of its time. */
async function settle(page: Page, inFlight: Set<Request>) {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let quietFor = 0;
  let previous: PageState | undefined;
  let pending = 0;
  while (quietFor < QUIET_MS) {
    await step(page);
    const state = await page.evaluate(readPageState);
    pending = Math.max(0, inFlight.size - state.infiniteDelays);
    const quiet =
      pending === 0 &&
      state.fontsLoaded &&
      state.imagesLoading === 0 &&
      state.mutations === 0 &&
      state.width === previous?.width &&
      state.height === previous.height;
    quietFor = quiet ? quietFor + STEP_MS : 0;
    previous = state;
    if (!quiet && Date.now() > deadline) {
      const requests = [...inFlight].map((request) => `${request.method()} ${request.url()}`);
      throw new Error(
        `The story did not settle within ${SETTLE_TIMEOUT_MS / 1000} s: ${JSON.stringify({ ...state, requestsInFlight: requests })}`,
      );
    }
  }
  await page.evaluate(() => Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined))));
}

for (const id of storyIds()) {
  test(id, async ({ page, modesByStory }, testInfo) => {
    const viewport = testInfo.project.name;
    const modes = modesByStory.get(id) ?? [];
    test.skip(
      !modes.includes(viewport),
      modes.length ? `captured at ${modes.join(', ')} only` : 'left out (visual.disable or chromatic.disableSnapshot)',
    );

    const inFlight = trackRequests(page);
    // Today is the mocks' today, whatever day the test runs; the clock moves only in step().
    // (pauseAt moves only forwards, and the installed clock runs until it is called.)
    await page.clock.install({ time: FIXTURE_NOW.getTime() - 60_000 });
    await page.clock.pauseAt(FIXTURE_NOW);
    await page.addInitScript(instrumentPage, FREEZE_CSS);
    // a11y.manual: the accessibility check runs in the 'stories' Vitest project; here it would only cost time.
    // 'commit': the page's own load may wait on its timers, which run only once the steps begin.
    await page.goto(`/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=a11y.manual:!true`, {
      waitUntil: 'commit',
    });

    await storyFinished(page, id);
    await settle(page, inFlight);
    await expect(page).toHaveScreenshot(`${id}.png`, { fullPage: true });
  });
}

// Baselines no story uses any more (a story renamed or removed, a viewport it no longer has):
// listed here, and removed by `npm run test:visual -- --update-snapshots`.
test('no baseline without its story', async ({ modesByStory }, testInfo) => {
  const viewport = testInfo.project.name;
  const suffix = `--${viewport}.png`;
  const used = new Set(
    [...modesByStory].filter(([, modes]) => modes.includes(viewport)).map(([id]) => `${id}${suffix}`),
  );
  const obsolete = readdirSync(BASELINES_DIR).filter((file) => file.endsWith(suffix) && !used.has(file));
  if (testInfo.config.updateSnapshots === 'all' || testInfo.config.updateSnapshots === 'changed') {
    for (const file of obsolete) rmSync(`${BASELINES_DIR}/${file}`);
    return;
  }
  expect(
    obsolete,
    'baselines no story is captured at any more; `npm run test:visual -- --update-snapshots` removes them',
  ).toEqual([]);
});
