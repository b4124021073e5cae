/**
 * Visual regression with Playwright Test (`npm run test:visual`, which builds Storybook first):
 * every story of the static Storybook in storybook-static/, screenshotted whole page at each
 * viewport of .storybook/viewports.ts and compared with its baseline in visual-baselines/
 * (test/visual/stories.spec.ts says how a capture waits for the story to settle). Accept changes
 * with `npm run test:visual -- --update-snapshots`; review them in playwright-report/.
 *
 * Browser: Debian's chromium (scripts/chromium.mjs), the one the baselines were taken with; no
 * Playwright-downloaded browser is needed.
 */
import { defineConfig } from '@playwright/test';
import { VIEWPORTS, VIEWPORT_NAMES } from './.storybook/viewports.ts';
import { chromiumPath } from './scripts/chromium.mjs';

const port = Number(process.env.VISUAL_PORT ?? 6107);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'test/visual',
  outputDir: 'test-results/visual',
  // visual-baselines/admin-login--success--desktop.png: the story id, then the project (viewport).
  snapshotPathTemplate: 'visual-baselines/{arg}--{projectName}{ext}',
  // Nothing is written to visual-baselines/ unless asked: `-- --update-snapshots` (Playwright's
  // 'changed': new and differing screenshots only). A story without a baseline fails.
  updateSnapshots: 'none',
  fullyParallel: true,
  // The machines this runs on have 2 cores: one browser per core.
  workers: 2,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  reporter: [['dot'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  expect: {
    timeout: 15_000,
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      stylePath: 'test/visual/freeze.css',
      // threshold: how far apart two colours may be (YIQ distance, 0..1) and still count as the
      // same pixel; 0.2 is Playwright's default and ignores anti-aliasing noise. maxDiffPixels: then
      // up to 100 pixels may differ. A capture is deterministic (same Chromium, fonts, clock and
      // settled state), so no share of a 10,000 px tall page is waved through: a recoloured
      // button, link or line of text (hundreds of pixels and more) still fails.
      threshold: 0.2,
      maxDiffPixels: 100,
    },
  },
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    deviceScaleFactor: 1,
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    ...VIEWPORT_NAMES.map((name) => ({
      name,
      testMatch: 'stories.spec.ts',
      use: {
        browserName: 'chromium' as const,
        viewport: { width: VIEWPORTS[name].width, height: VIEWPORTS[name].height },
      },
    })),
    // The committed baselines themselves (no browser).
    { name: 'baselines', testMatch: 'baselines.spec.ts' },
  ],
  // The static Storybook over HTTP on 127.0.0.1 (a secure context, so MSW's service worker runs).
  // Vite is already here and `vite preview` serves any folder given as outDir; no config of its own
  // is read (there is no vite.config.* at the root).
  webServer: {
    command: `npx vite preview --outDir storybook-static --port ${port} --strictPort --host 127.0.0.1`,
    url: `${baseURL}/iframe.html`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
