/**
 * Load (docs/testing.md#proofs): 50 concurrent clients run a mixed workload (public reads, joins, the signed-in
 * member's dashboard (GET /api/me), reflections, member reads, admin reads) against the real app
 * for a bounded time. Each client keeps the session cookie its joins set, as a browser would.
 *
 * - Zero errors: no 5xx, no network error, and no unexpected answer (every call here is valid, so
 *   anything but its success status counts).
 * - Zero lost writes: every acknowledged join is found afterwards through the API (the admin's
 *   member list) and in the data file; every acknowledged reflection through the member's own
 *   GET /api/me/reflections and in the file.
 * - Memory returns near its starting level. The server runs in its own process
 *   (load-server.ts, `node --expose-gc`) and reports process.memoryUsage() after forced GCs over
 *   IPC: no endpoint is added to the app. Baseline: after a warm-up burst (JIT, connection pools,
 *   limiter maps and the admin session in place). Bound: heapUsed after the load, at rest, may
 *   exceed the baseline only by what the load legitimately stored plus 4 MB of slack for V8's
 *   own bookkeeping. What was stored is the data file's growth in bytes; as live objects with the
 *   repo's indexes the same records take about 2x their compact JSON (measured: 2,000 members,
 *   594 KB of JSON, 1.0 MB of heap), so 4x the growth is allowed. With tens of thousands of
 *   requests, anything a request leaves behind beyond its data (a few hundred bytes each)
 *   overshoots the bound. RSS is printed, not asserted: the allocator keeps freed pages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { AdminMemberPage, DEMO_ADMIN, ReflectionList, api, pathFor, searchFor } from '@prr/contract';
import { REPO_ROOT } from '../../src/paths.js';
import { DbData } from '../../src/store/schema.js';
import { memberCookieFrom, reflectionRequest } from '../helpers.js';
import { printFigures } from './support.js';
import { proofSize } from './size.js';

const CLIENTS = 50;
// Bounded in `npm test`, the full soak under `npm run test:proof` (size.ts).
const WARMUP_MS = proofSize(500, 1_500);
const LOAD_MS = proofSize(2_000, 6_000);
const SLACK_BYTES = 4 * 1024 * 1024;
/** Heap bytes allowed per byte of data-file growth (measured ~2x; see above). */
const DATA_FACTOR = 4;

let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

type Memory = NodeJS.MemoryUsage;
type Message = { type: 'ready'; baseUrl: string; file: string } | { type: 'memory'; id: number; usage: Memory };

function nextMessage<T extends Message['type']>(
  proc: ChildProcess,
  type: T,
  id?: number,
): Promise<Extract<Message, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Message): void => {
      if (message.type !== type || (id !== undefined && 'id' in message && message.id !== id)) return;
      proc.off('message', onMessage);
      resolve(message as Extract<Message, { type: T }>);
    };
    proc.on('message', onMessage);
    proc.once('exit', (code) => reject(new Error(`load server exited (${code}) while waiting for '${type}'`)));
  });
}

interface Member {
  email: string;
  /** The session cookie the join set. */
  cookie: string;
  id?: string;
}

class Workload {
  requests = 0;
  errors: string[] = [];
  readonly joins: string[] = [];
  /** memberId -> id of the reflection acknowledged for day 1, and the member's cookie to read it back. */
  readonly reflections = new Map<string, { reflectionId: string; cookie: string }>();
  readonly byOp: Record<string, number> = {};
  #members: Member[][] = Array.from({ length: CLIENTS }, () => []);
  #serial = 0;

  constructor(
    readonly baseUrl: string,
    readonly adminCookie: string,
  ) {}

  async #call(
    op: string,
    method: string,
    path: string,
    expected: number,
    body?: unknown,
    cookie?: string,
  ): Promise<unknown> {
    return (await this.#answer(op, method, path, expected, body, cookie))?.body;
  }

  async #answer(
    op: string,
    method: string,
    path: string,
    expected: number,
    body?: unknown,
    cookie?: string,
  ): Promise<{ body: unknown; headers: Headers } | undefined> {
    this.requests += 1;
    this.byOp[op] = (this.byOp[op] ?? 0) + 1;
    try {
      const res = await fetch(this.baseUrl + path, {
        method,
        headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== expected) {
        this.errors.push(`${op}: ${method} ${path} -> ${res.status} ${text.slice(0, 200)}`);
        return undefined;
      }
      return { body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
    } catch (error) {
      this.errors.push(`${op}: ${method} ${path} -> network error ${(error as Error).message}`);
      return undefined;
    }
  }

  async #step(client: number): Promise<void> {
    const mine = this.#members[client]!;
    const known = mine.filter((m) => m.id);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
    const r = Math.random();
    if (r < 0.3 || mine.length === 0) {
      if (mine.length === 0 && r >= 0.3) return this.#join(client);
      const read = pick([
        api.testimonials.path,
        api.featuredProducts.path,
        api.movementStats.path,
        api.mapStates.path,
        pathFor(api.reflectionPrompt, { day: 1 + Math.floor(Math.random() * 90) }),
      ]);
      await this.#call('public read', 'GET', read, 200);
    } else if (r < 0.45) {
      await this.#join(client);
    } else if (r < 0.6) {
      const member = pick(mine);
      const view = (await this.#call('dashboard', 'GET', api.me.path, 200, undefined, member.cookie)) as
        { id: string; email: string } | undefined;
      if (view) {
        if (view.email !== member.email)
          this.errors.push(`dashboard: ${member.email}'s session answered ${view.email}`);
        member.id = view.id;
      }
    } else if (r < 0.75 && known.length > 0) {
      const member = pick(known);
      const saved = (await this.#call(
        'reflection',
        'POST',
        api.saveReflection.path,
        200,
        reflectionRequest(1),
        member.cookie,
      )) as { reflection: { id: string; memberId: string } } | undefined;
      if (saved) {
        if (saved.reflection.memberId !== member.id)
          this.errors.push(`reflection: saved for ${saved.reflection.memberId}, not ${member.id}`);
        this.reflections.set(member.id!, { reflectionId: saved.reflection.id, cookie: member.cookie });
      }
    } else if (r < 0.85 && known.length > 0) {
      const member = pick(known);
      const route = pick([api.reflections, api.achievements, api.rippleEffects]);
      await this.#call('member read', 'GET', route.path, 200, undefined, member.cookie);
    } else if (r < 0.95) {
      await this.#call('admin read', 'GET', api.adminStats.path, 200, undefined, this.adminCookie);
    } else {
      await this.#call('admin read', 'GET', api.adminMembers.path, 200, undefined, this.adminCookie);
    }
  }

  async #join(client: number): Promise<void> {
    const email = `load-${client}-${this.#serial++}@example.org`;
    const ok = await this.#answer('join', 'POST', api.joinMovement.path, 200, {
      name: 'Load Member',
      email,
      zipCode: '94110',
    });
    if (ok) {
      this.joins.push(email);
      const cookie = memberCookieFrom(ok);
      if (cookie) this.#members[client]!.push({ email, cookie });
      else this.errors.push(`join: ${email} got no session cookie`);
    }
  }

  async run(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        while (Date.now() < deadline) await this.#step(client);
      }),
    );
  }
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

describe('50 concurrent clients for a bounded time', () => {
  it('zero errors, zero lost writes, memory back near its starting level', async () => {
    const t0 = Date.now();
    const proc = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'packages/server/test/proof/load-server.ts'],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    child = proc;
    const { baseUrl, file } = await nextMessage(proc, 'ready');
    let asks = 0;
    const memory = async (): Promise<Memory> => {
      const id = ++asks;
      const reply = nextMessage(proc, 'memory', id);
      proc.send({ type: 'memory', id });
      return (await reply).usage;
    };

    const login = await fetch(baseUrl + api.adminLogin.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    expect(login.status).toBe(200);
    const adminCookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const load = new Workload(baseUrl, adminCookie);

    await load.run(WARMUP_MS);
    const before = await memory();
    const bytesBefore = (await stat(file)).size;
    const requestsBefore = load.requests;
    const loadStart = Date.now();
    let peak = before;
    // The live set while under load (also after a GC), to show that "after" came back down.
    let sampling: Promise<unknown> = Promise.resolve();
    const sampler = setInterval(() => {
      sampling = memory().then((usage) => {
        if (usage.heapUsed > peak.heapUsed) peak = usage;
      });
    }, 2_000);
    await load.run(LOAD_MS);
    clearInterval(sampler);
    await sampling;
    const loadSeconds = (Date.now() - loadStart) / 1000;
    const after = await memory();
    const bytesAfter = (await stat(file)).size;

    // ---- zero errors
    expect(load.errors.slice(0, 10), `${load.errors.length} errors`).toEqual([]);

    // ---- zero lost writes: through the API...
    const apiEmails = new Set<string>();
    // Page by page: the list answers at most 100 a page.
    for (let page = 1; ; page += 1) {
      const path = api.adminMembers.path + searchFor({ page, pageSize: 100 });
      const listed = await fetch(baseUrl + path, { headers: { Cookie: adminCookie } });
      const { items, total } = AdminMemberPage.parse(await listed.json());
      for (const m of items) apiEmails.add(m.email);
      if (page * 100 >= total) break;
    }
    for (const email of load.joins) expect(apiEmails.has(email), email).toBe(true);
    const missing: string[] = [];
    const entries = [...load.reflections];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let entry = entries.pop(); entry; entry = entries.pop()) {
          const [memberId, { reflectionId, cookie }] = entry;
          const res = await fetch(baseUrl + api.reflections.path, { headers: { Cookie: cookie } });
          const list = ReflectionList.parse(await res.json());
          if (!list.some((r) => r.id === reflectionId && r.memberId === memberId)) missing.push(reflectionId);
        }
      }),
    );
    expect(missing).toEqual([]);
    // ...and in the file (every acknowledged write was flushed before its answer).
    const data = DbData.parse(JSON.parse(await readFile(file, 'utf8')));
    const fileEmails = new Set(data.members.map((m) => m.email));
    const fileReflections = new Set(data.reflections.map((r) => r.id));
    for (const email of load.joins) expect(fileEmails.has(email), email).toBe(true);
    for (const { reflectionId } of load.reflections.values())
      expect(fileReflections.has(reflectionId), reflectionId).toBe(true);

    // ---- memory
    const dataGrowth = Math.max(0, bytesAfter - bytesBefore);
    const bound = before.heapUsed + DATA_FACTOR * dataGrowth + SLACK_BYTES;

    proc.send({ type: 'close' });
    await new Promise((resolve) => proc.once('exit', resolve));

    printFigures('load', {
      clients: CLIENTS,
      requestsServed: load.requests,
      requestsDuringMeasuredLoad: load.requests - requestsBefore,
      requestsPerSecond: Math.round((load.requests - requestsBefore) / loadSeconds),
      byOp: load.byOp,
      errors: load.errors.length,
      acknowledgedJoins: load.joins.length,
      acknowledgedReflections: load.reflections.size,
      recordsChecked: load.joins.length + load.reflections.size,
      dataFileBytes: { before: bytesBefore, after: bytesAfter },
      heapUsedMB: { before: mb(before.heapUsed), peak: mb(peak.heapUsed), after: mb(after.heapUsed), bound: mb(bound) },
      rssMB: { before: mb(before.rss), peak: mb(peak.rss), after: mb(after.rss) },
      seconds: (Date.now() - t0) / 1000,
    });
    expect(after.heapUsed, 'heapUsed after the load, at rest').toBeLessThanOrEqual(bound);
  }, 60_000);
});
