/**
 * The stories project's pictures (docs/decisions/029-one-visual-pipeline.md), taken in the same
 * browser pass as the story's play function and accessibility check: once addon-vitest has run the
 * story (render, play, the preview's and addon-a11y's afterEach), this Vitest afterEach compares the
 * whole page with visual-baselines/<story-id>--<viewport>.png (vitest.config.ts names the file and
 * the tolerance) at each viewport Chromatic captures the story at (chromaticFor in ./viewports.ts).
 *
 * The story runs at the viewport of its globals (desktop unless it is pinned, see preview.tsx) and
 * is pictured there first. Each other viewport renders the story again from the start at that size,
 * play function included, as Chromatic does; the accessibility check is not repeated there.
 */
import { configure } from 'storybook/test';
import { afterEach, expect } from 'vitest';
import { commands, page } from 'vitest/browser';
import { VIEWPORTS, enabledModes, type ChromaticParameters, type ViewportName } from './viewports';

// The stories share two cores with the server suites and the jsdom tests, so a screen can take
// over a second to settle. findBy and waitFor wait for a state, not a time: as in the jsdom tests
// (test/setup-components.ts), a longer limit only costs time when a story is failing anyway.
configure({ asyncUtilTimeout: 5_000 });

/** What addon-vitest leaves on the test context: the composed story it ran. */
interface ComposedStory {
  id: string;
  parameters: { chromatic?: ChromaticParameters; layout?: string };
  globals: { viewport?: { value?: unknown }; a11y?: Record<string, unknown> };
  run(extraContext?: { globals: ComposedStory['globals'] }): Promise<void>;
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Sizes the runner's own page (vitest.config.ts), so that a tall story frame is never scaled down. */
    fitRunnerPage(width: number, height: number): Promise<void>;
  }
}

const isViewportName = (name: string): name is ViewportName => name in VIEWPORTS;

/**
 * Lays the page out as at its viewport but as tall as its content, like a full-page screenshot of
 * a browser window: the story runs in the runner's frame, and a frame shows only its own height.
 * Lengths relative to the viewport's height (a hero's `88vh`) keep their viewport value, and fixed
 * elements (the navbar, a toast, a dialog's backdrop) stay where they are on the first screen.
 * Returns the function that undoes it.
 */
function layOutFullPage(): () => void {
  // The taller frame has nothing to scroll, so the page scrolls back to the top: what listens for
  // scrolling (the navbar's scrolled look, the floating Join button) keeps the state the story left.
  const holdScrollState = (event: Event) => event.stopImmediatePropagation();
  window.addEventListener('scroll', holdScrollState, { capture: true });
  // At the top now, not when the frame grows: sticky elements are laid out before the picture.
  window.scrollTo(0, 0);
  const before = new Map<HTMLElement, string | null>();
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    const style = getComputedStyle(element);
    const pin: Record<string, string> = {};
    // A computed min/max-height in px comes from a length (vh included), not from a percentage.
    if (style.minHeight.endsWith('px') && style.minHeight !== '0px') pin['min-height'] = style.minHeight;
    if (style.maxHeight.endsWith('px')) pin['max-height'] = style.maxHeight;
    // A fixed element's top and height as laid out now (its box before any transform).
    if (style.position === 'fixed') Object.assign(pin, { top: style.top, height: style.height, bottom: 'auto' });
    if (Object.keys(pin).length === 0) continue;
    before.set(element, element.getAttribute('style'));
    for (const [property, value] of Object.entries(pin)) element.style.setProperty(property, value, 'important');
  }
  return () => {
    window.removeEventListener('scroll', holdScrollState, { capture: true });
    for (const [element, style] of before) {
      if (style === null) element.removeAttribute('style');
      else element.setAttribute('style', style);
    }
  };
}

/**
 * `<story-id>--<viewport>`, spelt with '__' for '--' (Vitest folds '--' to '-' in a picture's name;
 * vitest.config.ts spells it back in the file name). A story id never holds '_'.
 */
const pictureName = (id: string, viewport: ViewportName) => `${id}--${viewport}`.replaceAll('--', '__');

/**
 * Storybook's `layout` parameter, which its own iframe page applies (and so Chromatic's pictures
 * show) but a story run by addon-vitest does not: 'centered' puts the story in the middle of the
 * first screen, 'padded' gives it a 1rem margin. 'fullscreen' (the preview's default) is the page as is.
 */
function applyLayout(layout: string | undefined, height: number): () => void {
  const body = document.body;
  const before = body.getAttribute('style');
  if (layout === 'padded') body.style.padding = '1rem';
  if (layout === 'centered') {
    Object.assign(body.style, {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      minHeight: `${height}px`,
      padding: '1rem',
      boxSizing: 'border-box',
    });
  }
  return () => {
    if (before === null) body.removeAttribute('style');
    else body.setAttribute('style', before);
  };
}

/**
 * Resolves once the frame is at least `height` tall and has painted at that size: the runner grows
 * the frame after `page.viewport` resolves, and a picture taken before then shows white where the
 * page's last rows should be. Waits on the frame's own resize event and two animation frames.
 */
async function frameGrownTo(height: number): Promise<void> {
  if (window.innerHeight < height) {
    await new Promise<void>((resolve) => {
      const grown = () => {
        if (window.innerHeight < height) return;
        window.removeEventListener('resize', grown);
        resolve();
      };
      window.addEventListener('resize', grown);
    });
  }
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** Compares the page, laid out at the viewport, with its baseline. */
async function matchPicture(id: string, viewport: ViewportName, layout: string | undefined) {
  const { width, height } = VIEWPORTS[viewport];
  const undoLayout = applyLayout(layout, height);
  // Lazy images below the first screen are in the picture too; decoded before it is taken.
  for (const image of Array.from(document.images)) image.loading = 'eager';
  await Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined)));

  const undo = layOutFullPage();
  const fullHeight = Math.max(height, Math.ceil(document.documentElement.scrollHeight));
  try {
    await commands.fitRunnerPage(width, fullHeight);
    await page.viewport(width, fullHeight);
    await frameGrownTo(fullHeight);
    await expect.element(page.elementLocator(document.body)).toMatchScreenshot(pictureName(id, viewport));
  } finally {
    undo();
    undoLayout();
    await page.viewport(width, height);
  }
}

afterEach(async (context) => {
  const story = (context as unknown as { story?: ComposedStory }).story;
  if (!story || context.task.result?.state === 'fail') return;

  const rendered = story.globals.viewport?.value;
  const viewports = enabledModes(story.parameters.chromatic)
    .filter(isViewportName)
    .sort((a, b) => Number(b === rendered) - Number(a === rendered));
  for (const viewport of viewports) {
    if (viewport !== rendered) {
      await page.viewport(VIEWPORTS[viewport].width, VIEWPORTS[viewport].height);
      await story.run({ globals: { ...story.globals, a11y: { ...story.globals.a11y, manual: true } } });
    }
    await matchPicture(story.id, viewport, story.parameters.layout);
  }
});
