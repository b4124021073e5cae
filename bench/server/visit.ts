/**
 * One member's visit at the 09:00 peak, as a browser makes it: the dashboard's first screen in one
 * request (GET /api/me/dashboard, api.memberDashboard), then the day's reflection saved (POST
 * /api/me/reflections, api.saveReflection), both on one new keep-alive connection with the
 * member's session cookie.
 *
 * A new connection per visit because every visit is another member, another browser; it also
 * matters under node:cluster, whose primary hands each new connection (not each request) to the
 * next worker: a few long-lived connections could all land on one worker. node:http rather than
 * autocannon: a visit is two dependent requests on the visit's own connection, timed from when it
 * was due (peakLoad.ts), and node:http's client is light enough for a few hundred visits a second.
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { SAVE_PATH, memberCookie, saveBody, type MemberRef } from './memberRequests.js';

export const DASHBOARD_PATH = '/api/me/dashboard';

/** What became of one request: its status, or why there was none. */
export type Outcome = { status: number } | { failure: 'error' | 'timeout' };

export interface VisitTimes {
  /** From `dueAt` (the visit's arrival) to the dashboard's last byte, ms: connecting counts. */
  dashboardMs: number;
  dashboard: Outcome;
  /** From sending the save to its last byte, ms; absent when the dashboard failed (no one saves a page they did not get). */
  saveMs?: number;
  save?: Outcome;
  /** performance.now() when the visit ended. */
  endedAt: number;
}

export const succeeded = (o: Outcome | undefined): boolean =>
  o !== undefined && 'status' in o && o.status >= 200 && o.status < 300;

/** One request on `agent`'s connection, the response read to its end; never throws. */
function send(
  agent: Agent,
  target: URL,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const failed = (): Outcome => ({ failure: signal.aborted ? 'timeout' : 'error' });
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
      },
      (res: IncomingMessage) => {
        // The body is read (the server writes all of it) but not kept: parsing it is the browser's cost, not the server's.
        res.resume();
        res.once('end', () => settle({ status: res.statusCode ?? 0 }));
        // Cut off mid-body (the timeout, a dropped connection): 'error' or 'close' without 'end'.
        res.once('error', () => settle(failed()));
        res.once('close', () => settle(failed()));
      },
    );
    req.once('error', () => settle(failed()));
    req.end(body);
  });
}

/** The visit of `member`, due at `dueAt` (performance.now() time); each request may take `timeoutMs`. */
export async function visit(target: URL, member: MemberRef, dueAt: number, timeoutMs: number): Promise<VisitTimes> {
  // maxSockets 1: the save waits for the dashboard on the same connection, as a browser's would.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const cookie = memberCookie(member);
  try {
    const dashboard = await send(agent, target, 'GET', DASHBOARD_PATH, { cookie }, undefined, timeoutMs);
    const dashboardMs = performance.now() - dueAt;
    if (!succeeded(dashboard)) return { dashboardMs, dashboard, endedAt: performance.now() };
    const saveStart = performance.now();
    const save = await send(
      agent,
      target,
      'POST',
      SAVE_PATH,
      { cookie, 'content-type': 'application/json' },
      saveBody(),
      timeoutMs,
    );
    const endedAt = performance.now();
    return { dashboardMs, dashboard, saveMs: endedAt - saveStart, save, endedAt };
  } finally {
    agent.destroy();
  }
}
