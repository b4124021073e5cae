#!/usr/bin/env node
/**
 * `npx tsx scripts/share-card.mjs` redraws packages/app/public/assets/share-card.png, the share image of every page.
 *
 * The card is the HTML below in the site's colours and heading font, with the brand mark from
 * packages/app/public/assets/brand/logo.svg, rendered by Chromium (scripts/chromium.mjs) at the size
 * the contract names (packages/contract/src/sitePages.ts, shareImage). Flat colours, no gradients,
 * so the PNG stays small. Run it again after the logo or the colours change, and commit the PNG.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { shareImage } from '../packages/contract/src/sitePages.ts';
import { theme } from '../packages/ui/src/theme/theme.ts';
import { chromiumPath } from './chromium.mjs';

const publicDir = fileURLToPath(new URL('../packages/app/public', import.meta.url));
const output = `${publicDir}${shareImage.path}`;
const logo = await readFile(`${publicDir}/assets/brand/logo.svg`, 'utf8');
const { colors, fonts } = theme;

const html = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <style>
      * { box-sizing: border-box; margin: 0; }
      body {
        width: ${shareImage.width}px; height: ${shareImage.height}px; overflow: hidden;
        background: ${colors.paper}; color: ${colors.ink}; font-family: ${fonts.heading};
        display: flex; flex-direction: column;
      }
      main { flex: 1; display: flex; align-items: center; gap: 64px; padding: 0 96px; }
      .mark { width: 220px; height: 220px; flex: none; }
      .mark svg { width: 100%; height: 100%; display: block; }
      h1 { font-size: 84px; line-height: 1.05; font-weight: 700; letter-spacing: -1px; }
      p { margin-top: 28px; font-size: 54px; font-style: italic; color: ${colors.brandDark}; }
      .rule { width: 120px; height: 8px; border-radius: 4px; background: ${colors.olive}; margin-top: 36px; }
      footer { height: 28px; background: ${colors.brand}; }
    </style>
  </head>
  <body>
    <main>
      <div class="mark">${logo}</div>
      <div>
        <h1>Pause. Reflect. Retry.</h1>
        <p>There is a Better Way</p>
        <div class="rule"></div>
      </div>
    </main>
    <footer></footer>
  </body>
</html>`;

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: shareImage.width, height: shareImage.height } });
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  await writeFile(output, await page.screenshot({ type: 'png' }));
} finally {
  await browser.close();
}
console.log(`share-card: wrote ${output} (${Math.round((await stat(output)).size / 1024)} kB)`);
