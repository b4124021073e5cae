/**
 * `npm run dev`: the real API (restarted on change by tsx watch) and Vite's dev server with hot
 * reload, /api proxied to the API. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', 'packages/server/src/bin.ts'], {
    stdio: 'inherit',
    // One process under tsx watch, which restarts it on change (WEB_CONCURRENCY is for npm start).
    env: { ...process.env, PORT: port, WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1' },
  }),
  // Vite proxies /api to the API wherever PORT put it.
  spawn('npx', ['vite', '--config', 'packages/app/vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: process.env.API_ORIGIN ?? `http://127.0.0.1:${port}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
