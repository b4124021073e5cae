/**
 * The two viewports every story is looked at in, defined once for Storybook's viewport toolbar
 * (preview.tsx), Chromatic's modes (preview.tsx) and the local screenshot runner (one Playwright
 * project per viewport, playwright.config.ts), so the three never disagree about a size.
 *
 * Plain data and functions only: playwright.config.ts imports this file in Node.
 */

export const VIEWPORTS = {
  mobile: { name: 'Mobile 375', width: 375, height: 812, type: 'mobile' },
  desktop: { name: 'Desktop 1280', width: 1280, height: 800, type: 'desktop' },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

/** Storybook's `parameters.viewport.options`. */
export const viewportOptions = Object.fromEntries(
  VIEWPORT_NAMES.map((key) => {
    const { name, width, height, type } = VIEWPORTS[key];
    return [key, { name, styles: { width: `${width}px`, height: `${height}px` }, type }];
  }),
);

/** A Chromatic mode per viewport, named like it; `viewport: '<key>'` points at the option above. */
export const viewportModes: Record<string, ChromaticMode> = Object.fromEntries(
  VIEWPORT_NAMES.map((key) => [key, { viewport: key }]),
);

export interface ChromaticMode {
  viewport?: string;
  disable?: boolean;
}

export interface ChromaticParameters {
  modes?: Record<string, ChromaticMode>;
  disableSnapshot?: boolean;
}

/** The opt-outs a story can set for the screenshot tests. */
export interface VisualParameters {
  /** Leave the story out of the local runner and Chromatic. */
  disable?: boolean;
  /** Capture only these viewports (e.g. a resting pointer a resize would move). */
  viewports?: string[];
}

/**
 * A story's Chromatic parameters with its own opt-outs applied, so that Chromatic captures what the
 * local runner captures (which reads the result of this function from the built Storybook):
 * - a story pinned to a viewport (`globals: { viewport: { value: 'mobile' } }`) keeps that mode
 *   only. Chromatic would otherwise shoot it in every mode, because a mode's viewport wins over
 *   the story's globals;
 * - `visual: { viewports: [...] }` keeps only the modes it names;
 * - `visual: { disable: true }` becomes Chromatic's `disableSnapshot`.
 * Returns a new object; the modes object it was given may be shared with other stories.
 */
export function chromaticFor(
  parameters: { chromatic?: ChromaticParameters; visual?: VisualParameters },
  storyGlobals: { viewport?: { value?: unknown } } | undefined,
): ChromaticParameters | undefined {
  const { chromatic, visual } = parameters;
  const pinned = typeof storyGlobals?.viewport?.value === 'string' ? storyGlobals.viewport.value : undefined;
  const keep = visual?.viewports ?? (pinned ? [pinned] : undefined);
  if (!keep && !visual?.disable) return chromatic;

  const modes = { ...chromatic?.modes };
  if (keep) {
    for (const [name, mode] of Object.entries(modes))
      if (!keep.includes(name)) modes[name] = { ...mode, disable: true };
    // A viewport of preview.tsx without a mode of its own yet: Chromatic still shoots the story there.
    for (const name of keep) if (!modes[name]) modes[name] = { viewport: name };
  }
  return { ...chromatic, modes, ...(visual?.disable ? { disableSnapshot: true } : {}) };
}

/** The modes Chromatic (and the local runner) capture for a story after chromaticFor. */
export function enabledModes(chromatic: ChromaticParameters | undefined): string[] {
  if (chromatic?.disableSnapshot) return [];
  return Object.entries(chromatic?.modes ?? {})
    .filter(([, mode]) => !mode.disable)
    .map(([name]) => name);
}
