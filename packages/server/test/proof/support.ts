/**
 * Shared by the proof tests (docs/testing.md#proofs): a raw HTTP client that can send anything (bodies on GET,
 * malformed JSON, odd encodings), the real server process (bin.ts) with its log captured, file
 * hashing, steno's temp files, and the one line of figures each test prints.
 *
 * test/crash.lowdb.test.ts starts and kills its servers with the same process helpers.
 */
import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADMIN } from '@prr/contract';
import { afterEach, beforeEach } from 'vitest';
import { REPO_ROOT } from '../../src/paths.js';

/** One greppable line of figures per test: `[proof:name] {...}`. */
export function printFigures(name: string, figures: Record<string, unknown>): void {
  console.log(`[proof:${name}] ${JSON.stringify(figures)}`);
}

export interface RawRequest {
  method: string;
  /** Sent exactly as given (already percent-encoded where needed). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Omit Content-Length so the body goes out chunked. */
  chunked?: boolean;
  timeoutMs?: number;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * node:http rather than fetch: fetch refuses bodies on GET, normalises paths and sets its own
 * content type. One connection per request (`Connection: close`) so an answer that leaves a body
 * unread (413) can never poison the next request through a reused socket.
 */
export function rawRequest(baseUrl: string, options: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = { Connection: 'close', ...options.headers };
  // Node's client frames a GET body only when told to: without either header the body would be
  // read by the server as the start of the next request.
  if (body) {
    if (options.chunked) headers['Transfer-Encoding'] = 'chunked';
    else headers['Content-Length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: options.method, path: options.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.setTimeout(options.timeoutMs ?? 15_000, () =>
      req.destroy(new Error(`timed out: ${options.method} ${options.path}`)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** steno writes `<dir>/.<name>.tmp` and renames it over the data file. */
export async function tempFilesIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith('.') && name.endsWith('.tmp'));
}

/**
 * Root ignores file permissions, so a read-only folder only bites an unprivileged server: when the
 * tests run as root the server process runs as `nobody` (65534), otherwise as ourselves.
 */
export const SERVER_USER: { uid?: number; gid?: number } = process.getuid?.() === 0 ? { uid: 65_534, gid: 65_534 } : {};

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  pid: number;
  baseUrl: string;
  /** Milliseconds from spawn to the `listening` line. */
  startMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
}

const running = new Set<ChildProcessWithoutNullStreams>();

/** SIGKILLs every server process still alive (afterEach/afterAll). */
export function killAllServers(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
}

/**
 * A fresh folder for each test of the file (its data file, its outbox), and after each test every
 * server process killed and the folder removed. Called once at the top of a test file; the getter
 * gives the current test's folder.
 */
export function freshServerDirEach(prefix: string): () => string {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    killAllServers();
    await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}

export interface StartBinOptions {
  dataFile: string;
  env?: Record<string, string>;
  /** `detached`: a process group of its own, so that a test can signal the whole group as Ctrl+C does. */
  spawn?: Pick<SpawnOptionsWithoutStdio, 'uid' | 'gid' | 'detached'>;
  timeoutMs?: number;
}

/** The production entry, `node --import tsx packages/server/src/bin.ts`, on a free port. */
export async function startBin(options: StartBinOptions): Promise<ServerProcess> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/bin.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses to start without a configured admin; the tests sign in as the demo one.
      ADMIN_EMAIL: DEMO_ADMIN.email,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      DATA_FILE: options.dataFile,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // The load and crash walks fire hundreds of joins from loopback, one network: above the
      // default 100 an hour (docs/decisions/026-limits-and-defaults.md); a test may set its own.
      JOINS_PER_IP_PER_HOUR: '100000',
      // One process, whose pid the proofs signal and kill, whatever the machine's cores; the
      // cluster of WEB_CONCURRENCY above 1 has its own tests (test/cluster.*.test.ts).
      WEB_CONCURRENCY: '1',
      ...options.env,
    },
    ...options.spawn,
  });
  running.add(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${options.timeoutMs ?? 30_000} ms:\n${out}`));
    }, options.timeoutMs ?? 30_000);
    const onData = (): void => {
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string };
          if (entry.msg === 'listening' && entry.url) {
            clearTimeout(timer);
            child.stdout.off('data', onData);
            resolve(entry.url);
            return;
          }
        } catch {
          // a partial line: wait for the rest
        }
      }
    };
    child.stdout.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
  return { child, pid: child.pid!, baseUrl, startMs: Date.now() - started, exited, output: () => out };
}

/** Runs a command to completion; rejects with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: Pick<SpawnOptionsWithoutStdio, 'uid' | 'gid'> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One message the outbox mailer wrote (src/mail/transports.ts): a `.eml` file per message. */
export interface OutboxMessage {
  file: string;
  /** From the file name: `welcome` or `reflection`. */
  kind: string;
  to: string;
  subject: string;
  messageId: string;
}

/**
 * Every message in an outbox folder, parsed from its headers (folded lines unfolded). Dot files
 * are the mailer's half-written temp files, never messages; a missing folder is an empty outbox.
 */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    names.map(async (file) => {
      const raw = await readFile(join(dir, file), 'latin1');
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string): string => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      return {
        file,
        kind: /-(welcome|reflection)-/.exec(file)?.[1] ?? '',
        to: header('To')
          .replace(/^.*<([^>]+)>.*$/, '$1')
          .toLowerCase(),
        subject: header('Subject'),
        messageId: header('Message-ID'),
      };
    }),
  );
}
