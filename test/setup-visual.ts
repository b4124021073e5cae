/**
 * Visual regression of every story (the 'visual' Vitest project; issue 7). addon-vitest renders the
 * story at the 'desktop' viewport of .storybook/preview.tsx and runs its play function; then this
 * afterEach screenshots the whole page (document.body, so dialogs, menus and toasts in portals are
 * in the picture) at 'desktop' and 'mobile' and compares each with its committed baseline in
 * visual-baselines/ (Vitest's toMatchScreenshot, tolerance in vitest.config.ts).
 *
 * - A story pinned to another viewport (`globals: { viewport: { value: 'mobile' } }`) is captured
 *   at that viewport only.
 * - `parameters: { visual: { viewports: ['desktop'] } }` captures only the viewports it names (a
 *   story whose end state a resize would undo, such as a resting pointer).
 * - `parameters: { visual: { disable: true } }` or Chromatic's `chromatic: { disableSnapshot: true }`
 *   leaves a story out.
 * - No baseline yet: the test fails and says how to accept one; nothing is written to
 *   visual-baselines/ unless Vitest runs with -u (`npm run test:visual -- --update`).
 * - Every story starts scrolled to the top. Only what the frame has painted is in the picture:
 *   the first screen (sometimes a little more); further down it is blank.
 * - Stable pictures: no CSS animation, transition or caret; today is the mocks' FIXTURE_NOW (in
 *   UTC, en-US: vitest.config.ts); long timers wait while the screenshots are taken.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { commands, page, server } from 'vitest/browser';
import { FIXTURE_NOW } from '@prr/mocks/fixtures';
import type { VisualBaseline } from '../scripts/visual-files.mjs';

declare module 'vitest/browser' {
  interface BrowserCommands {
    visualBaseline: (arg: string) => Promise<VisualBaseline>;
  }
}

/** One screenshot of a story, kept in the test's meta for scripts/visual.mjs's summary. */
interface VisualShot {
  viewport: string;
  baseline: string;
  outcome: 'match' | 'accepted' | 'missing' | 'mismatch';
}

declare module 'vitest' {
  interface TaskMeta {
    visual?: VisualShot[];
  }
}

/** The composed story addon-vitest puts on the test context. */
interface StoryUnderTest {
  id: string;
  parameters: {
    visual?: { disable?: boolean; viewports?: string[] };
    chromatic?: { disableSnapshot?: boolean };
    viewport?: { options?: Record<string, { styles?: { width?: string; height?: string } }> };
  };
  globals: { viewport?: { value?: string } };
}

/** The viewports every story is captured at: names of preview.tsx's `parameters.viewport.options`. */
const DEFAULT_VIEWPORTS = ['desktop', 'mobile'];

// Today is the mocks' today (FIXTURE_NOW), whatever day the screenshots are taken; time still
// flows. Only Date is faked: timers, animation frames and performance.now stay real.
vi.useFakeTimers({ toFake: ['Date'], now: FIXTURE_NOW, shouldAdvanceTime: true });

// While the screenshots are taken, timers of half a second or more that come due (a toast closing
// after 5 s, a carousel moving on) wait until the last one is taken, so a slow or busy machine
// sees the same picture as a fast one. Shorter timers (debounces, short delays) run as usual.
const HOLD_FROM_MS = 500;
type Schedule = (handler: TimerHandler, timeout?: number, ...args: unknown[]) => number;
type Clear = (id?: number) => void;
let holding = false;
const held = new Map<number, () => void>();
const real = {
  setTimeout: window.setTimeout.bind(window) as Schedule,
  setInterval: window.setInterval.bind(window) as Schedule,
  clearTimeout: window.clearTimeout.bind(window) as Clear,
  clearInterval: window.clearInterval.bind(window) as Clear,
};
function holdable(schedule: Schedule): Schedule {
  return (handler, timeout, ...args) => {
    if (typeof handler !== 'function' || !(Number(timeout) >= HOLD_FROM_MS)) return schedule(handler, timeout, ...args);
    const run = () => handler(...args);
    const id = schedule(() => (holding ? held.set(id, run) : run()), timeout);
    return id;
  };
}
function forgetting(clear: Clear): Clear {
  return (id) => {
    if (id !== undefined) held.delete(id);
    clear(id);
  };
}
window.setTimeout = holdable(real.setTimeout) as typeof window.setTimeout;
window.setInterval = holdable(real.setInterval) as typeof window.setInterval;
window.clearTimeout = forgetting(real.clearTimeout) as typeof window.clearTimeout;
window.clearInterval = forgetting(real.clearInterval) as typeof window.clearInterval;
function releaseTimers() {
  holding = false;
  for (const run of held.values()) real.setTimeout(run, 0);
  held.clear();
}

// Stable pictures: no CSS animation or transition in flight, no blinking caret, no smooth
// scrolling, no scrollbar appearing or not by a pixel of content. The body is as tall as its
// content (so the tolerance is a share of what the story draws, not of an empty viewport) and
// reaches down to the lowest overlay (see fitBodyToOverlays).
// (framer-motion is stopped by MotionGlobalConfig.skipAnimations in preview.tsx.)
const freeze = document.createElement('style');
freeze.dataset.visualRegression = '';
freeze.textContent = `
  *, *::before, *::after {
    animation-delay: 0s !important;
    animation-duration: 0s !important;
    animation-iteration-count: 1 !important;
    transition-delay: 0s !important;
    transition-duration: 0s !important;
    caret-color: transparent !important;
  }
  html { scroll-behavior: auto !important; scrollbar-width: none; }
  body { min-height: var(--visual-body-min-height, 0px) !important; }
`;
document.head.append(freeze);

function viewportsOf(story: StoryUnderTest): string[] {
  if (story.parameters.visual?.viewports) return story.parameters.visual.viewports;
  // The project renders at 'desktop' (initialGlobals in vitest.config.ts); anything else is the story's pin.
  const pinned = story.globals.viewport?.value;
  return pinned && pinned !== 'desktop' ? [pinned] : DEFAULT_VIEWPORTS;
}

function sizeOf(story: StoryUnderTest, viewport: string) {
  const styles = story.parameters.viewport?.options?.[viewport]?.styles;
  const width = Number.parseInt(styles?.width ?? '', 10);
  const height = Number.parseInt(styles?.height ?? '', 10);
  if (Number.isFinite(width) && Number.isFinite(height)) return { width, height };
  if (DEFAULT_VIEWPORTS.includes(viewport)) {
    throw new Error(`.storybook/preview.tsx must define parameters.viewport.options.${viewport} with a width and height in px.`);
  }
  return undefined; // another pinned viewport: addon-vitest has already sized the page for it
}

const nextFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

/** An empty, transparent box (e.g. the toast viewport with no toast) draws nothing. */
function paints(element: Element, style: CSSStyleDeclaration) {
  if (element.childElementCount > 0 || element.textContent?.trim()) return true;
  if (element.matches('img, svg, video, canvas, iframe, input, textarea, select')) return true;
  const transparent = style.backgroundColor === 'transparent' || /^rgba\(.*,\s*0\)$/.test(style.backgroundColor);
  const bordered = ['top', 'right', 'bottom', 'left'].some((side) => Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0);
  return !transparent || style.backgroundImage !== 'none' || style.boxShadow !== 'none' || bordered;
}

/**
 * The screenshot is the body's box, so the body must reach down to the lowest visible fixed or
 * absolute box: a dialog's overlay (the whole viewport), an open menu or select, a toast.
 */
async function fitBodyToOverlays() {
  const root = document.documentElement;
  root.style.removeProperty('--visual-body-min-height');
  await nextFrames();
  let bottom = 1;
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const style = getComputedStyle(element);
    if ((style.position !== 'fixed' && style.position !== 'absolute') || style.visibility === 'hidden') continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || !paints(element, style)) continue;
    bottom = Math.max(bottom, style.position === 'fixed' ? Math.min(box.bottom, innerHeight) : box.bottom + scrollY);
  }
  root.style.setProperty('--visual-body-min-height', `${Math.ceil(bottom)}px`);
}

/**
 * A button's focus ring after a scripted click comes and goes with how long a request kept it
 * disabled, so a focused button is blurred before the shot. Focus on fields, sliders or map states
 * (what keyboard stories show on purpose) is kept.
 */
function blurFocusedButton() {
  const active = document.activeElement;
  if (active instanceof HTMLElement && (active.tagName === 'BUTTON' || active.getAttribute('role') === 'button' || active.tagName === 'A')) {
    active.blur();
  }
}

/** Web fonts loaded, lazy images loaded and decoded, layout settled after a resize. */
async function settle() {
  blurFocusedButton();
  for (const image of Array.from(document.images)) if (image.loading === 'lazy') image.loading = 'eager';
  await document.fonts.ready;
  await Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined)));
  await fitBodyToOverlays();
  await nextFrames();
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const relativeToRoot = (path: string) => (path.startsWith(`${server.config.root}/`) ? path.slice(server.config.root.length + 1) : path);

// Every story starts at the top of its frame. The frame is reused across a file's stories, and the
// screenshot holds only what Chromium painted around the scroll position (see the README), so a
// story after one that scrolled to a button far down came out differently from run to run.
beforeEach(() => {
  scrollTo(0, 0);
});

afterEach(async (context) => {
  const story = (context as { story?: StoryUnderTest }).story;
  const { result } = context.task;
  if (!story || result?.state === 'skip' || (result?.errors?.length ?? 0) > 0) return;
  if (story.parameters.visual?.disable || story.parameters.chromatic?.disableSnapshot) return;

  holding = true;
  try {
    await compareScreenshots(story, (context.task.meta.visual = []));
  } finally {
    releaseTimers();
  }
});

async function compareScreenshots(story: StoryUnderTest, shots: VisualShot[]) {
  const [titlePart, storyPart] = story.id.split('--');
  const body = page.elementLocator(document.body);
  const missing: string[] = [];
  const differences: string[] = [];

  for (const viewport of viewportsOf(story)) {
    const size = sizeOf(story, viewport);
    if (size) await page.viewport(size.width, size.height);
    await settle();

    const arg = `${titlePart}/${storyPart}/${viewport}`;
    const at = `${viewport}${size ? ` (${size.width}x${size.height})` : ''}`;
    const { baseline, exists, update, modified, pending } = await commands.visualBaseline(arg);
    if (!exists && !update) {
      // Saved for review only; Vitest itself would write it as the baseline when not in CI.
      await body.screenshot({ path: pending, animations: 'disabled', caret: 'hide' });
      shots.push({ viewport, baseline, outcome: 'missing' });
      missing.push(`  ${at}: ${baseline} is missing; the new screenshot is ${relativeToRoot(pending)}`);
      continue;
    }
    try {
      await expect.element(body).toMatchScreenshot(arg);
      // With -u Vitest rewrites a baseline only when the new screenshot is outside the tolerance.
      const accepted = update && (await commands.visualBaseline(arg)).modified !== modified;
      shots.push({ viewport, baseline, outcome: accepted ? 'accepted' : 'match' });
    } catch (error) {
      shots.push({ viewport, baseline, outcome: 'mismatch' });
      differences.push(`  ${at} differs from ${baseline}:\n${errorText(error).replace(/^/gm, '    ')}`);
    }
  }

  const report = [
    missing.length ? [`No visual baseline yet for story "${story.id}":`, ...missing] : [],
    differences.length ? [`Story "${story.id}" does not look like its baseline:`, ...differences] : [],
  ].flat();
  if (report.length > 0) {
    report.push('If this is how the story should look now, accept it with: npm run test:visual -- --update');
    throw new Error(report.join('\n'));
  }
}
