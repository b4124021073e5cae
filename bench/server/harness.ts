/**
 * Server targets and load generators as child processes spoken to over IPC: a target per server
 * under test (pinned to the server core), one long-lived autocannon process per load core.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collect, exited, spawnNode, stop, withTimeout, REPO_ROOT } from '../lib/proc.js';
import type { LoadResult, LoadSpec } from './load.js';
import type { TargetSpec } from './target.js';

const TARGET = join(REPO_ROOT, 'bench/server/target.ts');
const LOAD = join(REPO_ROOT, 'bench/server/load.ts');

interface Reply {
  type?: string;
  port?: number;
  id?: number;
  result?: unknown;
  error?: string;
}

export interface IpcChild {
  child: ChildProcess;
  /** The first `type` message (listening, ready). */
  ready: Promise<Reply>;
  call<T>(message: Record<string, unknown>, timeoutMs: number, what: string): Promise<T>;
}

/**
 * A bench script in its own Node process (pinned to `cpu`), spoken to over IPC: it sends one
 * `{ type }` message when ready, and answers each `{ id, ... }` with `{ id, result }` or `{ id, error }`.
 */
export function ipcChild(script: string, args: string[], cpu: string | undefined, name: string): IpcChild {
  const child = spawnNode(script, args, { cpu, ipc: true });
  const output = collect(child);
  let nextId = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const ready = new Promise<Reply>((resolve, reject) => {
    child.on('message', (message: Reply) => {
      if (message.type) resolve(message);
      else if (message.id !== undefined) {
        const waiter = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error));
        else waiter?.resolve(message.result);
      }
    });
    void exited(child).then(({ code, signal }) => {
      const error = new Error(`${name} exited (${code ?? signal}): ${output.stderr().trim().slice(-2000)}`);
      reject(error);
      for (const waiter of waiting.values()) waiter.reject(error);
      waiting.clear();
    });
  });
  ready.catch(() => undefined);
  return {
    child,
    ready,
    call<T>(message: Record<string, unknown>, timeoutMs: number, what: string): Promise<T> {
      nextId += 1;
      const id = nextId;
      return withTimeout(
        new Promise<T>((resolve, reject) => {
          waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
          child.send({ id, ...message });
        }),
        timeoutMs,
        what,
      );
    },
  };
}

export interface Target {
  kind: TargetSpec['kind'];
  url: string;
  call<T>(cmd: string, payload?: Record<string, unknown>): Promise<T>;
  /** SIGKILL: no graceful flush, so what is in the file is what was durable. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

let specs = 0;

export async function startTarget(spec: TargetSpec, workDir: string, cpu: string | undefined): Promise<Target> {
  specs += 1;
  const specFile = join(workDir, `target-${specs}.json`);
  writeFileSync(specFile, JSON.stringify(spec));
  const ipc = ipcChild(TARGET, [specFile], cpu, `${spec.kind} server`);
  const { port } = await withTimeout(ipc.ready, 180_000, `${spec.kind} server start`);
  return {
    kind: spec.kind,
    url: `http://127.0.0.1:${port}`,
    call: <T>(cmd: string, payload: Record<string, unknown> = {}) =>
      ipc.call<T>({ cmd, ...payload }, 180_000, `${spec.kind} ${cmd}`),
    kill: () => stop(ipc.child, 'SIGKILL'),
    close: () => stop(ipc.child, 'SIGTERM'),
  };
}

const generators = new Map<string, IpcChild>();

/** Runs one load from the long-lived autocannon process on `cpu` (started on first use). */
export async function runLoad(spec: LoadSpec, cpu: string | undefined): Promise<LoadResult> {
  const key = cpu ?? 'any';
  let generator = generators.get(key);
  if (!generator || generator.child.exitCode !== null) {
    generator = ipcChild(LOAD, [], cpu, `autocannon (cpu ${key})`);
    generators.set(key, generator);
  }
  await withTimeout(generator.ready, 120_000, 'autocannon start');
  const limit = ((spec.delay ?? 0) + (spec.warmup ?? 0) + spec.duration + (spec.timeoutSeconds ?? 30) * 2 + 60) * 1000;
  return generator.call<LoadResult>({ spec }, limit, `load on ${spec.path}`);
}

export async function stopLoadGenerators(): Promise<void> {
  await Promise.all([...generators.values()].map((g) => stop(g.child, 'SIGTERM')));
  generators.clear();
}
