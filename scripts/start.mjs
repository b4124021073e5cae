/**
 * `npm start`: builds the site when packages/app/dist is missing, then runs the production server
 * (packages/server/src/bin.ts through tsx) in the foreground. Signals are passed on so the server
 * shuts down gracefully; this script exits with the server's exit code.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from './siteBuild.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'packages/app/dist');
const builtIndex = join(dist, 'index.html');
const viteConfig = join(root, 'packages/app/vite.config.ts');

function buildSiteIfMissing() {
  if (existsSync(builtIndex)) return;
  if (!existsSync(viteConfig)) {
    console.warn('[start] packages/app/vite.config.ts not found: serving the API without the site.');
    return;
  }
  console.log('[start] packages/app/dist is missing: building the site (vite build)...');
  const result = buildSite();
  if (result.status !== 0) {
    // Vite can fail after writing some output: remove it, or the next start would take a broken
    // build for a finished one. The API is still useful without the pages; the server shows a
    // page saying how to build.
    rmSync(dist, { recursive: true, force: true });
    console.warn(`[start] the site build failed (exit ${result.status ?? result.signal}); starting the API anyway.`);
  }
}

buildSiteIfMissing();

const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/bin.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // The server ignores repeats (Ctrl+C also reaches it directly from the terminal).
    if (server.exitCode === null) server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
