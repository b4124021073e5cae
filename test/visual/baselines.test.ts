/**
 * The committed baselines themselves, without a browser (docs/decisions/029-one-visual-pipeline.md):
 * - no two are the same file: a picture that is another's copy is one story too many, or a
 *   story whose picture belongs to another (`parameters.visual` in .storybook/viewports.ts);
 * - each is named <story-id>--<viewport>.png after a story of packages/ui (its CSF title and export,
 *   read from the source) and a viewport of .storybook/viewports.ts: no picture of a removed or
 *   renamed story is left behind;
 * - the page pictures show the whole page: where a page is taller than its viewport, the bottom
 *   quarter of its picture is not one uniform colour (a capture cut to the first screen would end
 *   in blank rows), and the home page is among the tall ones at both viewports.
 * Whether a story is pictured at every viewport it should be is the stories project's own check: a
 * missing baseline fails there under CI.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'playwright-core/lib/utilsBundle';
import { storyNameFromExport, toId } from 'storybook/internal/csf';
import { describe, expect, test } from 'vitest';
import { VIEWPORTS, VIEWPORT_NAMES } from '../../.storybook/viewports.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BASELINES_DIR = `${ROOT}visual-baselines/`;
const STORIES_DIR = `${ROOT}packages/ui/src/`;

const baselines = readdirSync(BASELINES_DIR).filter((file) => file.endsWith('.png'));

/** Every story id of the CSF files: the meta's title and each named export. */
function storyIds(): Set<string> {
  const ids = new Set<string>();
  const files = readdirSync(STORIES_DIR, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.stories.tsx'),
  );
  for (const file of files) {
    const source = readFileSync(`${STORIES_DIR}${file}`, 'utf8');
    const title = /const meta = {[^]*?\btitle: '([^']+)'/.exec(source)?.[1];
    if (!title) throw new Error(`${file}: no meta title found`);
    for (const [, name = ''] of source.matchAll(/^export const (\w+)/gm))
      ids.add(toId(title, storyNameFromExport(name)));
  }
  return ids;
}

/** True when every pixel (RGBA) of rows [from, height) equals the first of them. */
function uniformFrom(image: { width: number; height: number; data: Uint8Array }, from: number): boolean {
  const { data, width, height } = image;
  const start = from * width * 4;
  for (let offset = start; offset < width * height * 4; offset += 4) {
    for (let channel = 0; channel < 4; channel++) if (data[offset + channel] !== data[start + channel]) return false;
  }
  return true;
}

/** `pages-home--mobile--mobile.png` -> 'mobile'. */
const viewportOf = (file: string) => VIEWPORT_NAMES.find((viewport) => file.endsWith(`--${viewport}.png`));

describe('visual-baselines/', () => {
  test('no baseline is a copy of another', () => {
    const byHash = new Map<string, string[]>();
    for (const file of baselines) {
      const hash = createHash('md5')
        .update(readFileSync(`${BASELINES_DIR}${file}`))
        .digest('hex');
      byHash.set(hash, [...(byHash.get(hash) ?? []), file]);
    }
    const copies = [...byHash.values()].filter((files) => files.length > 1);
    expect(copies, 'groups of byte-identical baselines: keep one picture per screen').toEqual([]);
  });

  test('every baseline is a story of packages/ui at a viewport of .storybook/viewports.ts', () => {
    const ids = storyIds();
    const orphans = baselines.filter((file) => {
      const viewport = viewportOf(file);
      return !viewport || !ids.has(file.slice(0, -`--${viewport}.png`.length));
    });
    expect(orphans, 'baselines of no story or no viewport; delete them').toEqual([]);
  });

  // About 60 tall pictures to decode: seconds, not milliseconds.
  test('the bottom quarter of every page baseline taller than its viewport is not blank', { timeout: 30_000 }, () => {
    // Only the tall ones are decoded: a PNG's height is in its header (IHDR, bytes 20-23).
    const tall = baselines
      .filter((file) => file.startsWith('pages-'))
      .map((file) => ({ file, png: readFileSync(`${BASELINES_DIR}${file}`) }))
      .filter(({ file, png }) => png.readUInt32BE(20) > VIEWPORTS[viewportOf(file) ?? 'desktop'].height)
      .map(({ file, png }) => ({ file, image: PNG.sync.read(png) }));

    expect(tall.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['pages-home--desktop--desktop.png', 'pages-home--mobile--mobile.png']),
    );
    const blank = tall
      .filter(({ image }) => uniformFrom(image, Math.floor((image.height * 3) / 4)))
      .map(({ file }) => file);
    expect(blank, 'page baselines whose bottom quarter is a single colour').toEqual([]);
  });
});
