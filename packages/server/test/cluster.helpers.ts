/**
 * For the tests of the server process with WEB_CONCURRENCY (cluster.lowdb.test.ts,
 * cluster.postgres.test.ts): the log lines of a process started with startBin (proof/support.ts),
 * waiting for a line the process writes (an event, not a poll), and which process answered a
 * request.
 *
 * Which process answered is read from Linux's /proc, so the server needs no header naming itself:
 * /proc/net/tcp gives the socket inode of the server's end of our connection (its local port is
 * the server's, its remote port ours), and /proc/<pid>/fd shows which process holds that inode.
 * The connection is kept open (keep-alive) until it has been looked up.
 */
import { readFile, readdir, readlink } from 'node:fs/promises';
import { Agent, request, type ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerProcess } from './proof/support.js';

/** One JSON log line of the server (src/log.ts); worker lines carry the worker's `pid`. */
export interface LogLine {
  msg?: string;
  pid?: number;
  [field: string]: unknown;
}

export function logLines(output: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(line) as LogLine);
    } catch {
      // a line still being written
    }
  }
  return lines;
}

/** The pids of the 'worker listening' lines the primary logged, in order. */
export function workerPids(server: ServerProcess): number[] {
  return logLines(server.output())
    .filter((line) => line.msg === 'worker listening' && typeof line.pid === 'number')
    .map((line) => line.pid as number);
}

/**
 * Resolves with the log lines once `done` holds for them, checked each time the process writes;
 * rejects, with the output, when the process exits first or after `timeoutMs`.
 */
export function untilLogged(
  server: ServerProcess,
  done: (lines: LogLine[]) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<LogLine[]> {
  return new Promise((resolve, reject) => {
    const { stdout, stderr } = server.child;
    const finish = (outcome: () => void): void => {
      clearTimeout(timer);
      stdout.off('data', check);
      stderr.off('data', check);
      outcome();
    };
    // startBin's own listener, added first, has already appended the chunk to output().
    function check(): boolean {
      const lines = logLines(server.output());
      if (!done(lines)) return false;
      finish(() => resolve(lines));
      return true;
    }
    const timer = setTimeout(
      () => finish(() => reject(new Error(`${what}: not logged within ${timeoutMs} ms:\n${server.output()}`))),
      timeoutMs,
    );
    stdout.on('data', check);
    stderr.on('data', check);
    void server.exited.then(() => {
      if (!check()) finish(() => reject(new Error(`${what}: the server exited first:\n${server.output()}`)));
    });
    check();
  });
}

/** The port in a /proc/net/tcp address (`0100007F:0BB8`, hexadecimal). */
const portOf = (address: string | undefined): number => parseInt(address?.split(':')[1] ?? '', 16);

/** The pid, among `pids`, of the process holding the server's end of our connection `socket`. */
export async function holderOf(socket: Socket, pids: readonly number[]): Promise<number | undefined> {
  const table = await readFile('/proc/net/tcp', 'utf8');
  // Columns: sl, local address, remote address, st, tx:rx, tr:when, retrnsmt, uid, timeout, inode.
  const row = table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .find(([, local, remote]) => portOf(local) === socket.remotePort && portOf(remote) === socket.localPort);
  const inode = row?.[9];
  if (!inode) return undefined;
  for (const pid of pids) {
    for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (target === `socket:[${inode}]`) return pid;
    }
  }
  return undefined;
}

export interface HeldAnswer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  /** Which of the given pids answered, on a connection of its own. */
  answeredBy: number | undefined;
}

/** One request on a connection of its own, looked up (holderOf) before the connection closes. */
export async function requestAnsweredBy(
  baseUrl: string,
  options: { method: string; path: string; body?: unknown },
  pids: readonly number[],
): Promise<HeldAnswer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(baseUrl + options.path, {
      method: options.method,
      agent,
      headers: payload === undefined ? {} : { 'Content-Type': 'application/json' },
    });
    const answer = answerOf(req);
    req.end(payload);
    const { status, text, headers, socket } = await answer;
    return { status, text, headers, answeredBy: await holderOf(socket, pids) };
  } finally {
    agent.destroy();
  }
}

interface RawAnswer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  socket: Socket;
}

/** The whole answer to `req`, with the socket it came on (still open when keep-alive). */
function answerOf(req: ClientRequest): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      // Taken now: a keep-alive agent detaches the socket from the answer once it ends.
      const socket = res.socket;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          headers: res.headers,
          socket,
        }),
      );
    });
  });
}

/** A POST whose body has not been sent yet: the server has started on it, and waits for the body. */
export interface HeldRequest {
  /** Which of the given pids holds it. */
  heldBy: number | undefined;
  /** Sends the body; resolves with the answer. */
  finish(): Promise<HeldAnswer>;
}

/**
 * Sends a JSON POST's headers with `Expect: 100-continue` and resolves once the server answered
 * `100 Continue`. Node's server writes that just before it hands the request to the app, so from
 * then on the request is in flight in the server, waiting for its body, until `finish()` sends it.
 */
export async function holdRequest(
  baseUrl: string,
  path: string,
  body: unknown,
  pids: readonly number[],
): Promise<HeldRequest> {
  const payload = JSON.stringify(body);
  const req = request(baseUrl + path, {
    method: 'POST',
    agent: false,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(payload)),
      Expect: '100-continue',
    },
  });
  const answer = answerOf(req);
  // Not left unhandled meanwhile: the test sees a failure through finish().
  answer.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    req.once('continue', resolve);
    req.once('error', reject);
    req.once('response', () => reject(new Error(`${path} was answered before its body was sent`)));
    req.flushHeaders();
  });
  const socket = req.socket;
  if (!socket) throw new Error(`${path}: no socket after 100 Continue`);
  const heldBy = await holderOf(socket, pids);
  return {
    heldBy,
    finish: async () => {
      req.end(payload);
      const { status, text, headers } = await answer;
      return { status, text, headers, answeredBy: heldBy };
    },
  };
}
