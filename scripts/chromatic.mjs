#!/usr/bin/env node
/**
 * npm run chromatic [-- more chromatic flags]: build Storybook and publish it to Chromatic with
 * chromatic.config.json. Needs the project's token in CHROMATIC_PROJECT_TOKEN (or --project-token);
 * without one it stops here with a message instead of the CLI's own error.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const tokenFlag = args.some((arg) => /^(--project-token|-t)(=|$)/.test(arg));

if (!process.env.CHROMATIC_PROJECT_TOKEN && !tokenFlag) {
  console.error(
    [
      'npm run chromatic: no Chromatic project token.',
      "Set CHROMATIC_PROJECT_TOKEN to the token on the project's Manage page at https://www.chromatic.com",
      '(in CI: a secret passed as that environment variable), then run it again.',
      'Offline, the same stories are compared with the committed baselines by: npm run test:visual',
    ].join('\n'),
  );
  process.exit(1);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../node_modules/chromatic/dist/bin.js', import.meta.url));
const run = spawnSync(process.execPath, [cli, '--config-file', 'chromatic.config.json', ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
