/**
 * The load generator of the PostgreSQL cases: autocannon in its own long-lived process (pinned
 * apart from the servers), driven over IPC by bench/server/benchPostgres.ts, like load.ts but with
 * requests for random members of a data set:
 *
 *   dashboard  what a dashboard does, in order, for one random member per cycle: the member,
 *              their reflections, achievements and ripple effects, /api/reflection-prompts/90
 *   saves      a reflection saved for a random member, day 90 (their current day, which
 *              the data set already holds: every save updates that day's reflection)
 *   mixed      the five dashboard reads, then the save, for one member per cycle
 *
 * The member routes take the member from the session cookie (GET /api/me, /api/me/reflections,
 * /api/me/achievements, /api/me/ripple-effects; POST /api/me/reflections). The bench gives every
 * member a session with the data set (pgData.ts, benchPostgres.ts): the members file's third column.
 *
 * Several URLs share the connections evenly and run at once; latencies are every response's,
 * recorded by this process (not autocannon's histogram), so percentiles span all of them.
 */
import { readFileSync } from 'node:fs';
import autocannon, { type AutocannonOptions, type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { MEMBER_SESSION_COOKIE } from '@prr/contract';
import { promptForDay } from '@prr/domain';

export interface MemberRef {
  id: string;
  email: string;
  /** The member's session id (the cookie's value). */
  session: string;
}

/** The `id\temail\tsession` lines pgData.ts (or the lowdb side, benchPostgres.ts) writes, one per member. */
export function parseMembersFile(text: string): MemberRef[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [id, email, session] = l.split('\t');
      if (!session) throw new Error(`members file: no session on the line of ${email}`);
      return { id: id!, email: email!, session };
    });
}

export type Mix = 'dashboard' | 'saves' | 'mixed';

export interface MixSpec {
  urls: string[];
  /** In total, split evenly over `urls`. */
  connections: number;
  /** Measured seconds. */
  duration: number;
  /** Seconds of the same load first, not measured. */
  warmup?: number;
  mix: Mix;
  /** `id\temail\tsession` lines (parseMembersFile). */
  membersFile: string;
  timeoutSeconds?: number;
}

export interface RouteLatency {
  count: number;
  non2xx: number;
  p50: number;
  p99: number;
}

export interface MixResult {
  /** Successful (2xx) responses per second, all URLs together. */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  /** ms, over every response of every URL. */
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  byRoute: Record<string, RouteLatency>;
  /** Per URL, successful responses per second. */
  perUrlRps: number[];
}

const DAY = 90;
const SAVE_PATH = '/api/me/reflections';
const PROMPT = promptForDay(DAY);

let membersCache: { file: string; members: MemberRef[] } | undefined;

function membersOf(file: string): MemberRef[] {
  if (membersCache?.file !== file) membersCache = { file, members: parseMembersFile(readFileSync(file, 'utf8')) };
  return membersCache.members;
}

const NOTES =
  'I noticed the tension rising before the meeting, took one slow breath and asked what she meant. It went better than last time.';
const RESPONSE =
  'I paused, counted to three and listened first; the conversation stayed calm and we found a small step to try tomorrow.';

function saveBody(): string {
  return JSON.stringify({
    day: DAY,
    date: new Date().toISOString().slice(0, 10),
    paused: true,
    reflected: true,
    retried: false,
    notes: NOTES,
    mood: 7,
    conflictCount: 1,
    successfulResponses: 1,
    promptResponse: RESPONSE,
    gratitudePractice: true,
    breathingExercise: true,
    perspectiveTaking: false,
    empathyScore: 7,
    selfAwarenessScore: 6,
    reflectionPrompt: PROMPT?.prompt ?? '',
    exerciseType: PROMPT?.exerciseType ?? 'journaling',
    completedExercises: 1,
  });
}

/** The route of the response being recorded: onResponse runs just before autocannon's 'response' event. */
let lastRoute = '';

function requestsFor(mix: Mix, members: MemberRef[]): AutocannonRequest[] {
  // The first request of a cycle picks the member; the rest of the cycle is theirs too.
  const member = (context: Record<string, unknown>, first: boolean): MemberRef => {
    if (first) context.member = members[Math.floor(Math.random() * members.length)];
    return context.member as MemberRef;
  };
  const cookie = (m: MemberRef) => ({ cookie: `${MEMBER_SESSION_COOKIE}=${m.session}` });
  const get = (path: string, first: boolean, route = `GET ${path}`): AutocannonRequest => ({
    method: 'GET',
    setupRequest: (request, context) => ({ ...request, path, headers: cookie(member(context, first)) }),
    onResponse: () => {
      lastRoute = route;
    },
  });
  const save = (first: boolean): AutocannonRequest => ({
    method: 'POST',
    setupRequest: (request, context) => ({
      ...request,
      path: SAVE_PATH,
      headers: { 'content-type': 'application/json', ...cookie(member(context, first)) },
      body: saveBody(),
    }),
    onResponse: () => {
      lastRoute = `POST ${SAVE_PATH}`;
    },
  });
  const reads = [
    get('/api/me', true),
    get('/api/me/reflections', false),
    get('/api/me/achievements', false),
    get('/api/me/ripple-effects', false),
    get(`/api/reflection-prompts/${DAY}`, false, 'GET /api/reflection-prompts/:day'),
  ];
  if (mix === 'dashboard') return reads;
  if (mix === 'saves') return [save(true)];
  return [...reads, save(false)];
}

interface Recorder {
  samples: number[];
  routes: Map<string, { samples: number[]; non2xx: number }>;
}

function run(options: AutocannonOptions, recorder: Recorder | undefined): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (!recorder) return;
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      recorder.samples.push(ms);
      let route = recorder.routes.get(lastRoute);
      if (!route) recorder.routes.set(lastRoute, (route = { samples: [], non2xx: 0 }));
      route.samples.push(ms);
      if (status < 200 || status >= 300) route.non2xx += 1;
    });
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function measure(spec: MixSpec): Promise<MixResult> {
  const members = membersOf(spec.membersFile);
  const per = Math.max(1, Math.floor(spec.connections / spec.urls.length));
  const options = (url: string): AutocannonOptions => ({
    url,
    connections: per,
    timeout: spec.timeoutSeconds ?? 30,
    requests: requestsFor(spec.mix, members),
  });
  if (spec.warmup)
    await Promise.all(spec.urls.map((url) => run({ ...options(url), duration: spec.warmup }, undefined)));
  const recorder: Recorder = { samples: [], routes: new Map() };
  const results = await Promise.all(
    spec.urls.map((url) => run({ ...options(url), duration: spec.duration }, recorder)),
  );
  const sorted = Float64Array.from(recorder.samples).sort();
  const all = Array.from(sorted);
  const sum = (f: (r: AutocannonResult) => number) => results.reduce((t, r) => t + f(r), 0);
  const duration = Math.max(...results.map((r) => r.duration || spec.duration));
  const ok = sum((r) => r['2xx']);
  const byRoute: Record<string, RouteLatency> = {};
  for (const [route, { samples, non2xx }] of recorder.routes) {
    const s = Array.from(Float64Array.from(samples).sort());
    byRoute[route] = { count: s.length, non2xx, p50: percentile(s, 50), p99: percentile(s, 99) };
  }
  return {
    rps: ok / duration,
    ok,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    duration,
    latency: {
      mean: all.reduce((t, v) => t + v, 0) / Math.max(1, all.length),
      p50: percentile(all, 50),
      p90: percentile(all, 90),
      p99: percentile(all, 99),
      max: all.length ? all[all.length - 1]! : Number.NaN,
    },
    byRoute,
    perUrlRps: results.map((r) => r['2xx'] / (r.duration || spec.duration)),
  };
}

process.on('message', (message: { id: number; spec: MixSpec }) => {
  measure(message.spec).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) =>
      process.send?.({
        id: message.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
