/**
 * One Vitest config, several projects (docs/conventions.md#tests):
 * - unit: plain functions in node (contract rules, UI helpers)
 * - unit-first-load: the one unit test that needs a process where nothing has loaded zod yet
 * - server: the server's rules, the store suite on both stores, lowdb's own tests and proofs, the
 *   e-mail scheduler's days, and a smoke of every route family over HTTP on lowdb; no MSW here,
 *   because MSW's 'error' strategy would also block fetches to the local server
 * - server-postgres: the HTTP and contract tests in full with the server on PostgreSQL
 *   (PRR_TEST_STORE=postgres; a real PostgreSQL started by packages/server/test/postgres/),
 *   PostgreSQL's own proofs, and the fuzz
 * - mocks: the MSW handlers, including the contract suite run against them
 * - components: React components in jsdom with MSW's node server
 * - e2e: the production build served by the real server (on lowdb), driven in Chromium's headless shell by
 *   playwright-core; e2e-postgres: the same with the server on PostgreSQL. Each journey runs once,
 *   on the store it is about
 * - stories: every Storybook story rendered in real Chromium, its play function and the a11y
 *   check run as a test (addon-vitest), then its pictures compared with visual-baselines/
 *   (.storybook/vitest.setup.ts; `npm run test:visual:update` re-takes them)
 * Which layer proves what, once: docs/testing.md.
 */
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import type { BrowserCommandContext } from 'vitest/node';
import { chromiumPath } from './scripts/chromium.mjs';
import { postgresBinDir } from './scripts/postgres.mjs';
import { mswWorkerPlugin } from './mocks/vitePlugin.ts';

/** Headless Chromium (Debian's, or CHROMIUM_PATH's) for the projects that run in a browser. */
const chromiumBrowser = (contextOptions?: NonNullable<Parameters<typeof playwright>[0]>['contextOptions']) => ({
  enabled: true,
  headless: true,
  provider: playwright({
    contextOptions,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  }),
  instances: [{ browser: 'chromium' as const }],
});

/** A real PostgreSQL for the run (Debian's, or TEST_DATABASE_URL's) with the migrated, seeded template. */
const postgresSetup = './packages/server/test/postgres/globalSetup.ts';
// Like Chromium: without PostgreSQL binaries (and no TEST_DATABASE_URL) stop now, naming the install command.
if (!process.env.TEST_DATABASE_URL) postgresBinDir();

/**
 * The server's HTTP and contract tests: in full with the server on PostgreSQL only, the store a
 * real movement runs on; lowdb gets packages/server/test/smoke.lowdb.test.ts (docs/testing.md).
 */
const overHttpOnPostgres = ['packages/server/test/**/http.*.test.ts', 'packages/server/test/proof/security.test.ts'];

/**
 * What both server projects run their files with: real servers, stores and PostgreSQL, so longer
 * limits; one module graph per worker (docs/testing.md#speed), as each file starts and stops its
 * own servers and stores.
 */
const serverFiles = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
  pool: 'forks' as const,
  isolate: false,
  globalSetup: [postgresSetup],
};

/** The one unit test that must run in a process of its own (the `unit-first-load` project). */
const firstLoadTest = 'packages/ui/src/providers/zodJitless.unit.test.ts';

/** The journeys that run on PostgreSQL only; the rest run on lowdb (docs/testing.md#browser-journeys). */
const journeysOnPostgres = [
  'e2e/admin.test.ts',
  'e2e/memberPromises.test.ts',
  'e2e/signIn.test.ts',
  'e2e/memberKeys.test.ts',
];

export default defineConfig({
  test: {
    // Both cores (Vitest's default on 2 is one worker); every file has its own ports, data folders and databases.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/contract/test/**/*.test.ts',
            'packages/domain/test/**/*.test.ts',
            'packages/ui/src/**/*.unit.test.ts',
            'test/docs.test.ts',
            'test/visual/baselines.test.ts',
          ],
          exclude: ['**/node_modules/**', firstLoadTest],
          // One module graph per worker for every file (docs/testing.md#speed): a fresh process per
          // file spent more time loading modules than the tests took.
          isolate: false,
        },
      },
      {
        test: {
          // A test of what happens when zod first loads needs a process where nothing has loaded it.
          name: 'unit-first-load',
          include: [firstLoadTest],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // The rules, the store suite (both stores), lowdb's own tests, the e-mail files and the HTTP smoke on lowdb.
          include: ['packages/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'packages/server/**/*.postgres.test.ts', ...overHttpOnPostgres],
          ...serverFiles,
        },
      },
      {
        test: {
          name: 'server-postgres',
          environment: 'node',
          env: { PRR_TEST_STORE: 'postgres' },
          // The HTTP and contract cases in full, PostgreSQL's own proofs, and the fuzz on this store too.
          include: [
            ...overHttpOnPostgres,
            'packages/server/test/**/*.postgres.test.ts',
            'packages/server/test/proof/fuzz.test.ts',
            'contract-tests/server.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          ...serverFiles,
        },
      },
      {
        test: {
          name: 'mocks',
          environment: 'node',
          include: ['mocks/**/*.test.ts', 'contract-tests/mocks.test.ts'],
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['packages/ui/src/**/*.test.tsx', 'packages/app/src/**/*.test.tsx'],
          setupFiles: ['./test/setup-components.ts'],
          testTimeout: 15_000,
          // One module graph and one window for every component file: each test resets what it may
          // change (test/setup-components.ts), and a fresh one per file cost a third of the project.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          // Each journey once, on the store it is about (docs/testing.md#browser-journeys).
          exclude: ['**/node_modules/**', ...journeysOnPostgres],
          globalSetup: ['./e2e/globalSetup.ts', postgresSetup],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // After the node projects, two journeys at a time with e2e-postgres (docs/testing.md#speed).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e-postgres',
          environment: 'node',
          env: { PRR_TEST_STORE: 'postgres' },
          // A real movement's: the admin, the member's promises, and sessions across browsers.
          include: journeysOnPostgres,
          globalSetup: ['./e2e/globalSetup.ts', postgresSetup],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [storybookTest({ configDir: '.storybook' }), mswWorkerPlugin()],
        publicDir: 'packages/app/public',
        optimizeDeps: {
          include: [
            'react-dom/client',
            'styled-components',
            'framer-motion',
            'react-hook-form',
            '@hookform/resolvers/zod',
            'd3-geo',
            'd3-scale',
            'd3-shape',
            'topojson-client',
            '@simplewebauthn/browser',
          ],
        },
        test: {
          name: 'stories',
          testTimeout: 30_000,
          // One preview iframe for every story file, as in Storybook itself: the preview resets what a
          // story may change, and a fresh iframe per file cost 3.5 s of setup each (docs/testing.md#speed).
          isolate: false,
          // The afterEach that takes a story's pictures (and renders it again at its second viewport).
          hookTimeout: 60_000,
          // The pictures (.storybook/vitest.setup.ts, docs/decisions/029-one-visual-pipeline.md).
          setupFiles: ['./.storybook/vitest.setup.ts'],
          browser: {
            ...chromiumBrowser({ locale: 'en-US', timezoneId: 'UTC', deviceScaleFactor: 1 }),
            // The pictures are written to visual-baselines/ (addon-vitest turns writes off unless asked).
            // A fixed port: the page's origin is in pictures (an invite link), so it must not move.
            api: { allowWrite: true, port: 63315, strictPort: true },
            commands: {
              // The story's frame sits below the runner's own header: the page must reach the frame's
              // bottom, or Chromium leaves the frame's last rows unpainted in the picture.
              // A play function that focused a field low on the page has scrolled the runner's page
              // too: back to the top first, so the whole frame is on the runner's page.
              fitRunnerPage: async ({ page, iframe }: BrowserCommandContext, width: number, height: number) => {
                const frame = iframe.owner();
                await frame.evaluate((element) => {
                  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
                    parent.scrollTop = 0;
                    parent.scrollLeft = 0;
                  }
                  window.scrollTo(0, 0);
                });
                const frameTop = (await frame.boundingBox())?.y ?? 0;
                await page.setViewportSize({ width: Math.max(width, 1280), height: height + Math.ceil(frameTop) });
              },
            },
            expect: {
              toMatchScreenshot: {
                // visual-baselines/<story-id>--<viewport>.png; a missing one fails under CI=true
                // (Vitest's update mode is 'none' there) and is written otherwise. Vitest folds '--'
                // in a name to '-', so the setup file names it with '__' (never in a story id).
                resolveScreenshotPath: ({ arg, ext, root }) =>
                  `${root}/visual-baselines/${arg.replaceAll('__', '--')}${ext}`,
                comparatorName: 'pixelmatch',
                // threshold: how far apart two colours may be (YIQ distance, 0..1) and still count
                // as the same pixel, ignoring anti-aliasing noise; then up to 100 pixels may differ.
                // A recoloured button, link or line of text (hundreds of pixels and more) fails.
                comparatorOptions: { threshold: 0.2, allowedMismatchedPixels: 100 },
                // Vitest takes pictures until two in a row match; a tall page takes longer.
                timeout: 15_000,
              },
            },
          },
        },
      },
    ],
  },
});
