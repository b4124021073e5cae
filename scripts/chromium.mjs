/**
 * Where the browser tests find Chromium: CHROMIUM_PATH, then Debian's /usr/bin/chromium (the
 * visual baselines were taken with it), then Playwright's own browser where a developer has
 * installed one, then common other installs. Fails loudly with how to get one; a browser test
 * never skips silently.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** The browser `npx playwright install chromium` puts in Playwright's cache, if this platform has one. */
function playwrightChromium() {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  playwrightChromium(),
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
].filter(Boolean);

/** @returns {string} */
export function chromiumPath() {
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`, ' +
        'or `npx playwright install chromium`) or point CHROMIUM_PATH at a Chrome/Chromium binary.',
    );
  }
  return found;
}
