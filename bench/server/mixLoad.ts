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
 *   charts     the member's own charts (docs/product/insights.md): their reflections, GET
 *              /api/me/reflections, one random member per request (insights.ts)
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
import { percentile, sortedSamples } from '../lib/stats.js';
import { CURRENT_DAY, SAVE_PATH, memberCookie, parseMembersFile, saveBody, type MemberRef } from './memberRequests.js';
import { answerRuns } from './ipcRuns.js';

export type Mix = 'dashboard' | 'saves' | 'mixed' | 'charts';

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

let membersCache: { file: string; members: MemberRef[] } | undefined;

function membersOf(file: string): MemberRef[] {
  if (membersCache?.file !== file) membersCache = { file, members: parseMembersFile(readFileSync(file, 'utf8')) };
  return membersCache.members;
}

/** The route of the response being recorded: onResponse runs just before autocannon's 'response' event. */
let lastRoute = '';

function requestsFor(mix: Mix, members: MemberRef[]): AutocannonRequest[] {
  // The first request of a cycle picks the member; the rest of the cycle is theirs too.
  const member = (context: Record<string, unknown>, first: boolean): MemberRef => {
    if (first) context.member = members[Math.floor(Math.random() * members.length)];
    return context.member as MemberRef;
  };
  const cookie = (m: MemberRef) => ({ cookie: memberCookie(m) });
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
    get(`/api/reflection-prompts/${CURRENT_DAY}`, false, 'GET /api/reflection-prompts/:day'),
  ];
  if (mix === 'dashboard') return reads;
  if (mix === 'saves') return [save(true)];
  if (mix === 'charts') return [get('/api/me/reflections', true)];
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
  const all = Array.from(sortedSamples(recorder.samples));
  const sum = (f: (r: AutocannonResult) => number) => results.reduce((t, r) => t + f(r), 0);
  const duration = Math.max(...results.map((r) => r.duration || spec.duration));
  const ok = sum((r) => r['2xx']);
  const byRoute: Record<string, RouteLatency> = {};
  for (const [route, { samples, non2xx }] of recorder.routes) {
    const s = sortedSamples(samples);
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

answerRuns(measure);
