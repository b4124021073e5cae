/**
 * Where the browser tests find Chromium: CHROMIUM_PATH, then Debian's /usr/bin/chromium (the
 * visual baselines were taken with it), then Playwright's own browser where a developer has
 * installed one, then common other installs. Fails loudly with how to get one; a browser test
 * never skips silently.
 *
 * The browser journeys take Chromium's headless shell where there is one (headlessShellPath).
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

/**
 * The browser the journeys drive (e2e/harness.ts): Chromium's headless shell, the build of Chromium
 * for automation that Playwright itself runs headless tests in, where one is installed (Debian's
 * chromium-headless-shell, which .ci/run installs); otherwise chromiumPath(). Same engine and
 * version as Debian's chromium, without the browser's own shell: the journeys' Chromium used a
 * third of the CPU (docs/testing.md#speed). The stories stay on chromiumPath(): their pictures
 * were taken with it.
 */
const headlessShells = [
  process.env.CHROMIUM_HEADLESS_SHELL_PATH,
  // The binary itself: /usr/bin/chromium-headless-shell is a shell script that does not exec it,
  // so closing the browser would leave Chromium running.
  '/usr/lib/chromium/chromium-headless-shell',
].filter(Boolean);

/** @returns {string} */
export function headlessShellPath() {
  return headlessShells.find((candidate) => existsSync(candidate)) ?? chromiumPath();
}
