/**
 * The real entry, packages/server/src/bin.ts (what `npm start` runs), as a child process of the
 * bench: production settings, the bench's admin, no SMTP; resolved at its `listening` line (the
 * primary's, once every worker listens, when WEB_CONCURRENCY > 1: docs/decisions/032).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT, collect, spawnNode, stop, withTimeout } from '../lib/proc.js';
import { BENCH_ADMIN } from './data.js';

export interface RunningBin {
  url: string;
  startMs: number;
  memory(): { rss: number; hwm: number };
  close(): Promise<void>;
}

/**
 * The real entry (npm start's), pinned to `cpu` (taskset's mask is inherited by node:cluster's
 * workers); resolves at its `listening` line.
 */
export async function startBin(env: Record<string, string>, cpu: string | undefined): Promise<RunningBin> {
  return spawnToListening(
    join(REPO_ROOT, 'packages/server/src/bin.ts'),
    {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      // Production refuses to start without them; bin.ts makes (or checks) this admin at each start.
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      SMTP_URL: '',
      // One process unless `env` asks for more: the start-up and memory figures are one server's
      // (memory() reads the process started, which is the primary when there are workers).
      WEB_CONCURRENCY: '1',
      ...env,
    },
    cpu,
  );
}

/** Spawn to the `listening` line of a script that exits by itself, ms. */
export async function timeToListening(
  script: string,
  env: Record<string, string>,
  cpu: string | undefined,
): Promise<number> {
  const running = await spawnToListening(script, env, cpu);
  await running.close();
  return running.startMs;
}

async function spawnToListening(
  script: string,
  env: Record<string, string>,
  cpu: string | undefined,
): Promise<RunningBin> {
  const started = performance.now();
  const child = spawnNode(script, [], { cpu, env });
  const output = collect(child);
  const port = await withTimeout(
    new Promise<number>((resolve, reject) => {
      let seen = '';
      child.stdout?.on('data', (chunk: Buffer | string) => {
        seen += chunk.toString();
        const match = /"msg":"listening","port":(\d+)/.exec(seen);
        if (match) resolve(Number(match[1]));
      });
      // 'close' comes after the output has been read to its end ('exit' may come before).
      child.once('close', (code, signal) =>
        reject(new Error(`${script} exited (${code ?? signal}) before listening: ${output.stderr().slice(-2000)}`)),
      );
    }),
    120_000,
    `${script} start`,
  );
  const startMs = performance.now() - started;
  return {
    url: `http://127.0.0.1:${port}`,
    startMs,
    memory: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kB = (field: string) =>
        Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
      return { rss: kB('VmRSS'), hwm: kB('VmHWM') };
    },
    close: () => stop(child, 'SIGTERM'),
  };
}
