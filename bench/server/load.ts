/**
 * The load generator: autocannon in its own long-lived process (pinned apart from the server),
 * driven over IPC by bench/server/harness.ts. For joins every request carries a
 * unique e-mail, and the e-mails the server acknowledged (2xx) are written to `join.ackFile` so
 * the bench can look for each of them in the data file afterwards.
 */
import { writeFileSync } from 'node:fs';
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';

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

function run(options: AutocannonOptions): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
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
  const result = await run(spec.amount ? { ...base, amount: spec.amount } : { ...base, duration: spec.duration });
  if (spec.join) writeFileSync(spec.join.ackFile, acked.join('\n'));
  const duration = result.duration || spec.duration;
  return {
    rps: result['2xx'] / duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    duration,
    latency: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    ...(spec.join ? { acknowledged: acked.length } : {}),
  };
}

// Long-lived: the bench sends { id, spec } and gets { id, result } or { id, error } back, one
// load at a time, so a run costs no process start.
process.on('message', (message: { id: number; spec: LoadSpec }) => {
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
