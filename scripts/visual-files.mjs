/**
 * Visual regression, node side: where the committed baselines and a run's diffs live, the browser
 * command test/setup-visual.ts asks before each comparison, and the global setup that empties the
 * results folder. Shared by vitest.config.ts ('visual' project) and scripts/visual.mjs.
 *
 * A screenshot is named by its story id and viewport, e.g.
 *   visual-baselines/primitives-button--primary.desktop.png       (committed)
 *   test-results/visual/primitives-button--primary.desktop.actual.png  (gitignored, this run only)
 * The browser side passes `<title part>/<story part>/<viewport>` to toMatchScreenshot, because
 * Vitest strips dots and collapses '--' in a screenshot name but keeps '/'.
 */
import { rmSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';

export const BASELINES_DIR = 'visual-baselines';
export const RESULTS_DIR = 'test-results/visual';

/** Vitest's own clean-up of a toMatchScreenshot name, so our paths are the ones it writes. */
const sanitize = (arg) =>
  arg
    .split('/')
    .map((part) => part.replace(/\s+/g, '-').replace(/[^\w-]+/g, '').replace(/-{2,}/g, '-'))
    .filter(Boolean);

/** `primitives-button/primary/desktop` -> `primitives-button--primary.desktop` */
function screenshotName(arg) {
  const parts = sanitize(arg);
  if (parts.length !== 3) return parts.join('.');
  const [title, story, viewport] = parts;
  return `${title}--${story}.${viewport}`;
}

/** @param {string} root @param {string} arg @param {string} [ext] */
export function baselinePath(root, arg, ext = '.png') {
  return resolve(root, BASELINES_DIR, `${screenshotName(arg)}${ext}`);
}

/**
 * Vitest appends `-reference`, `-actual` or `-diff` to the name for the files of a failed
 * comparison; they become `.reference.png`, `.actual.png`, `.diff.png` here.
 * @param {string} root @param {string} arg @param {string} [ext]
 */
export function resultPath(root, arg, ext = '.png') {
  const [, name = arg, kind] = /^(.*)-(reference|actual|diff|new)$/.exec(arg) ?? [];
  return resolve(root, RESULTS_DIR, `${screenshotName(name)}${kind ? `.${kind}` : ''}${ext}`);
}

/**
 * Browser command `visualBaseline(arg)`: is there a committed baseline for this screenshot, is
 * Vitest accepting new ones (`-u`), and where a new screenshot goes for review when not.
 * @type {import('vitest/node').BrowserCommand<[arg: string]>}
 */
export const visualBaseline = (context, arg) => {
  const { root } = context.project.config;
  const baseline = baselinePath(root, arg);
  const modified = statSync(baseline, { throwIfNoEntry: false })?.mtimeMs ?? null;
  return {
    baseline: relative(root, baseline),
    exists: modified !== null,
    modified,
    update: context.project.serializedConfig.snapshotOptions.updateSnapshot === 'all',
    pending: resultPath(root, `${arg}-new`),
  };
};

/** Global setup of the 'visual' project: a run's diffs replace the previous run's. */
export function setup({ config }) {
  rmSync(resolve(config.root, RESULTS_DIR), { recursive: true, force: true });
}
