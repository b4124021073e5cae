/**
 * The real server process (bin.ts): SIGKILL in the middle of a burst of joins loses no
 * acknowledged join and leaves a parseable file; after a restart, SIGTERM drains in-flight
 * requests and exits 0; a corrupt data file stops start-up with a message naming it and is left
 * untouched.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@prr/contract';
import { REPO_ROOT } from '../src/paths.js';
import type { DbData } from '../src/store/schema.js';

let dir: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-crash-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

function spawnServer(dataFile: string): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/bin.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', DATA_FILE: dataFile, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
  });
  children.push(child);
  return child;
}

async function startServer(dataFile: string): Promise<Running> {
  const child = spawnServer(dataFile);
  let out = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string };
          if (entry.msg === 'listening' && entry.url) resolve(entry.url);
        } catch {
          // a partial line: wait for the rest
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exited.then(() => reject(new Error(`server exited before listening:\n${out}`)));
  });
  return { child, baseUrl, exited, output: () => out };
}

/** Fires joins with `concurrency` in flight until stopped; records the e-mails whose answer was 200. */
function burst(baseUrl: string, concurrency: number, prefix: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!stopped) {
      const email = `${prefix}-${next++}@example.org`;
      try {
        const res = await fetch(baseUrl + api.joinMovement.path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Burst Member', email, zipCode: '10001' }),
        });
        if (res.status === 200) acknowledged.push(email);
        else await res.arrayBuffer();
      } catch {
        return; // the server went away: this request was never acknowledged
      }
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, worker));
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      await done;
    },
    done,
  };
}

async function waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function membersOnDisk(file: string): Promise<Set<string>> {
  const data = JSON.parse(await readFile(file, 'utf8')) as DbData; // throws if the file does not parse
  return new Set(data.members.map((m) => m.email));
}

describe('the server process', () => {
  it('SIGKILL mid-burst loses no acknowledged join; the restarted server drains on SIGTERM and exits 0', async () => {
    const file = join(dir, 'data', 'db.json');
    const first = await startServer(file);
    const load = burst(first.baseUrl, 32, 'kill');
    await waitFor(() => load.acknowledged.length >= 150);
    first.child.kill('SIGKILL');
    await first.exited;
    await load.stop();
    const acknowledged = [...load.acknowledged];
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    const onDisk = await membersOnDisk(file);
    for (const email of acknowledged) expect(onDisk.has(email), email).toBe(true);

    // The restarted server accepts the file and serves the members...
    const second = await startServer(file);
    const dashboard = await fetch(`${second.baseUrl}/api/dashboard/${encodeURIComponent(acknowledged.at(-1)!)}`);
    expect(dashboard.status).toBe(200);

    // ...and SIGTERM in the middle of another burst finishes in-flight requests, flushes, exits 0.
    const load2 = burst(second.baseUrl, 16, 'term');
    await waitFor(() => load2.acknowledged.length >= 50);
    second.child.kill('SIGTERM');
    const exit = await second.exited;
    await load2.stop();
    expect(exit.code).toBe(0);
    expect(second.output()).toContain('"msg":"stopped"');
    const afterDrain = await membersOnDisk(file);
    for (const email of [...acknowledged, ...load2.acknowledged]) expect(afterDrain.has(email), email).toBe(true);
  });

  it('a corrupt data file stops start-up with a message naming it, and is never overwritten', async () => {
    const file = join(dir, 'db.json');
    await writeFile(file, '{ "members": [ truncated');
    const child = spawnServer(file);
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(err).toContain(file);
    expect(err).toMatch(/not valid JSON/);
    expect(await readFile(file, 'utf8')).toBe('{ "members": [ truncated');
  });
});
