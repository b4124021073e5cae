/**
 * The load generator: autocannon in its own long-lived process (pinned apart from the server),
 * driven over IPC by bench/server/harness.ts. For joins every request carries a
 * unique e-mail, and the e-mails the server acknowledged (2xx) are written to `join.ackFile` so
 * the bench can look for each of them in the data file afterwards.
 */
import { writeFileSync } from 'node:fs';
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';
import { answerRuns } from './ipcRuns.js';

export interface LoadSpec {
  url: string;
  path: string;
  connections: number;
  /** Measured seconds (ignored when `amount` is set). */
  duration: number;
  /** Send exactly this many requests instead (the measured time is until the last answer). */
  amount?: number;
  /** Seconds of the same load first, not measured. */
  warmup?: number;
  /** Or: this many requests first (all answered before the measured part starts), not measured. */
  warmupAmount?: number;
  /** Seconds to wait before starting (a probe that should overlap another load's measured part). */
  delay?: number;
  timeoutSeconds?: number;
  /** Sent with every request (a session cookie, say). */
  headers?: Record<string, string>;
  join?: { prefix: string; ackFile: string };
  /**
   * Percentiles from every response's own time (fractions of a millisecond), as mixLoad.ts
   * records them, rather than autocannon's histogram of whole milliseconds: for loads whose
   * answers take a few milliseconds.
   */
  exactLatency?: boolean;
}

export interface LoadResult {
  /** Successful (2xx) responses per second of the measured part. */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** Acknowledged joins, warm-up included (only for join loads). */
  acknowledged?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function run(options: AutocannonOptions, samples?: number[]): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (samples)
      instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => samples.push(ms));
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The latency figures of LoadResult from recorded response times. */
function latencyOf(samples: readonly number[]): LoadResult['latency'] {
  const sorted = Array.from(Float64Array.from(samples).sort());
  return {
    mean: sorted.reduce((t, v) => t + v, 0) / Math.max(1, sorted.length),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

async function measure(spec: LoadSpec): Promise<LoadResult> {
  const acked: string[] = [];
  let counter = 0;
  const base: AutocannonOptions = {
    url: spec.url + spec.path,
    connections: spec.connections,
    timeout: spec.timeoutSeconds ?? 30,
    ...(spec.headers ? { headers: spec.headers } : {}),
  };
  if (spec.join) {
    const prefix = spec.join.prefix;
    base.requests = [
      {
        method: 'POST',
        path: spec.path,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          counter += 1;
          const email = `${prefix}.${counter}@example.org`;
          context.email = email;
          return { ...request, body: JSON.stringify({ name: 'Bench Joiner', email, zipCode: '10001' }) };
        },
        onResponse: (status, _body, context) => {
          if (status >= 200 && status < 300) acked.push(String(context.email));
        },
      },
    ];
  }
  if (spec.delay) await sleep(spec.delay * 1000);
  if (spec.warmup) await run({ ...base, duration: spec.warmup });
  if (spec.warmupAmount) {
    await run({ ...base, connections: Math.min(spec.connections, spec.warmupAmount), amount: spec.warmupAmount });
  }
  const samples = spec.exactLatency ? [] : undefined;
  const result = await run(
    spec.amount ? { ...base, amount: spec.amount } : { ...base, duration: spec.duration },
    samples,
  );
  if (spec.join) writeFileSync(spec.join.ackFile, acked.join('\n'));
  const duration = result.duration || spec.duration;
  return {
    rps: result['2xx'] / duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    duration,
    latency: samples
      ? latencyOf(samples)
      : {
          mean: result.latency.mean,
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
    ...(spec.join ? { acknowledged: acked.length } : {}),
  };
}

answerRuns(measure);
