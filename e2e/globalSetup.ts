/** Builds the production site once before the browser journeys (they run against `npm start`'s entry). */
import { execFileSync } from 'node:child_process';
import { repoRoot } from './harness';

export default function setup(): void {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'packages/app/vite.config.ts', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
