/**
 * The committed baselines of the page stories (ids starting with `pages-`) show the whole page:
 * where a page is taller than its viewport, the bottom quarter of its picture is not one uniform
 * colour. The runner this replaced captured only what Chromium had painted of the first screen,
 * and every tall page's baseline ended in blank rows.
 *
 * A page that fits its viewport (a 404, an error or loading state) is pictured exactly one screen
 * tall, and below its content there is only its background: nothing can be missing there, so it
 * is not checked. So that a runner cutting every picture to one screen cannot pass by making every
 * page "fit", the home page must be among the tall ones at both viewports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { PNG } from 'playwright-core/lib/utilsBundle';
import { VIEWPORTS, VIEWPORT_NAMES } from '../../.storybook/viewports.ts';

const BASELINES_DIR = fileURLToPath(new URL('../../visual-baselines/', import.meta.url));

/** True when every pixel (RGBA) of rows [from, height) equals the first of them. */
function uniformFrom(image: { width: number; height: number; data: Uint8Array }, from: number): boolean {
  const { data, width, height } = image;
  const start = from * width * 4;
  for (let offset = start; offset < width * height * 4; offset += 4) {
    for (let channel = 0; channel < 4; channel++) if (data[offset + channel] !== data[start + channel]) return false;
  }
  return true;
}

/** `pages-home--mobile--mobile.png` -> the mobile viewport's height. */
function viewportHeight(file: string): number {
  const name = VIEWPORT_NAMES.find((viewport) => file.endsWith(`--${viewport}.png`));
  if (!name) throw new Error(`${file} is not named <story-id>--<viewport>.png`);
  return VIEWPORTS[name].height;
}

test('the bottom quarter of every page baseline taller than its viewport is not blank', () => {
  const pages = readdirSync(BASELINES_DIR).filter((file) => file.startsWith('pages-') && file.endsWith('.png'));
  const images = pages.map((file) => ({ file, image: PNG.sync.read(readFileSync(`${BASELINES_DIR}${file}`)) }));
  const tall = images.filter(({ file, image }) => image.height > viewportHeight(file));

  expect(tall.map(({ file }) => file)).toEqual(
    expect.arrayContaining(['pages-home--desktop--desktop.png', 'pages-home--mobile--mobile.png']),
  );
  const blank = tall
    .filter(({ image }) => uniformFrom(image, Math.floor((image.height * 3) / 4)))
    .map(({ file }) => file);
  expect(blank, 'page baselines whose bottom quarter is a single colour').toEqual([]);
  test.info().annotations.push({
    type: 'checked',
    description: `${tall.length} of ${pages.length} page baselines are taller than their viewport`,
  });
});
