/**
 * Where the browser tests find Chromium: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then
 * common other installs. Fails loudly with how to get one; a browser test never skips silently.
 */
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
].filter(Boolean);

/** @returns {string} */
export function chromiumPath() {
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
        'or point CHROMIUM_PATH at a Chrome/Chromium binary.',
    );
  }
  return found;
}
