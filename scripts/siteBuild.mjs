/**
 * How every caller runs the production build of the site (`npm run build`, `npm start`, the e2e
 * setup, the bench).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs `vite build` of packages/app with NODE_ENV=production, whatever the caller's NODE_ENV.
 * Vite keeps an inherited NODE_ENV (vitest sets "test"), and under anything but "production" the
 * React plugin compiles JSX for development: bigger, slower, and carrying this machine's source paths.
 * @param {string[]} extraArgs more `vite build` flags
 * @param {{ quiet?: boolean }} [options] quiet: capture Vite's output instead of printing it
 * @returns {import('./siteBuild.d.mts').SiteBuildResult}
 */
export function buildSite(extraArgs = [], { quiet = false } = {}) {
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'packages/app/vite.config.ts', ...extraArgs],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: quiet ? 'pipe' : 'inherit',
    },
  );
  return { status: result.status, signal: result.signal, output: `${result.stderr ?? ''}${result.stdout ?? ''}` };
}

// `npm run build [-- more vite build flags]`
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = buildSite(process.argv.slice(2));
  process.exit(result.status ?? 1);
}
