/**
 * One Vitest config, several projects (docs/conventions.md#tests):
 * - unit: plain functions in node (contract rules, UI helpers)
 * - server: the real Koa server over HTTP against a temporary lowdb store, the store suite on both
 *   stores, and the domain rules; no MSW here, because MSW's 'error' strategy would also block
 *   fetches to the local server
 * - server-postgres: the same HTTP, contract and proof tests with the server on PostgreSQL
 *   (PRR_TEST_STORE=postgres; a real PostgreSQL started by packages/server/test/postgres/)
 * - mocks: the MSW handlers, including the contract suite run against them
 * - components: React components in jsdom with MSW's node server
 * - e2e: the production build served by the real server, driven in Chromium by playwright-core;
 *   e2e-postgres: its journeys, sign-in and admin journeys again with the server on PostgreSQL
 * - stories: every Storybook story rendered in real Chromium, its play function and the a11y
 *   check run as a test (addon-vitest)
 * The screenshots of every story are Playwright Test's, not Vitest's: playwright.config.ts,
 * `npm run test:visual`.
 */
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
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

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/contract/src/**/*.test.ts',
            'packages/domain/src/**/*.test.ts',
            'packages/ui/src/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['packages/server/**/*.test.ts', 'contract-tests/server.test.ts'],
          exclude: ['**/node_modules/**', 'packages/server/**/*.postgres.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
          globalSetup: [postgresSetup],
        },
      },
      {
        test: {
          name: 'server-postgres',
          environment: 'node',
          env: { PRR_TEST_STORE: 'postgres' },
          // Everything that runs a server; lowdb's own file tests and the store-agnostic rules run once, in 'server'.
          include: ['packages/server/test/**/*.test.ts', 'contract-tests/server.test.ts'],
          exclude: ['**/node_modules/**', 'packages/server/**/*.lowdb.test.ts', 'packages/server/test/postgres/**'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
          globalSetup: [postgresSetup],
        },
      },
      {
        test: {
          name: 'mocks',
          environment: 'node',
          include: ['mocks/**/*.test.ts', 'contract-tests/mocks.test.ts'],
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
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['./e2e/globalSetup.ts', postgresSetup],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e-postgres',
          environment: 'node',
          env: { PRR_TEST_STORE: 'postgres' },
          // The journeys that write to the store; sign-in's sessions and pending sign-ins live there too.
          include: [
            'e2e/journeys.test.ts',
            'e2e/signIn.test.ts',
            'e2e/admin.test.ts',
            'e2e/memberPromises.test.ts',
            'e2e/memberKeys.test.ts',
          ],
          globalSetup: ['./e2e/globalSetup.ts', postgresSetup],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
            'topojson-client',
            '@simplewebauthn/browser',
          ],
        },
        test: {
          name: 'stories',
          testTimeout: 30_000,
          browser: chromiumBrowser(),
        },
      },
    ],
  },
});
