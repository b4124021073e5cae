/**
 * What a host watches, over real HTTP on PostgreSQL (docs/deploy.md#watching-it): /healthz,
 * /readyz and /metrics. Readiness through a real database outage is proof/faults.postgres.test.ts's,
 * and one scrape across a cluster's workers is cluster.postgres.test.ts's.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiErrorBody, api, pathFor } from '@prr/contract';
import { STUCK_EVENT_LOOP_MS } from '../src/operations/eventLoop.js';
import { createMetrics } from '../src/operations/metrics.js';
import { noopMailer } from '../src/mail/mailer.js';
import { countedMailer } from '../src/operations/countedMailer.js';
import {
  JOIN,
  call,
  joinAndSignIn,
  signInByCode,
  startTestServer,
  type StartOptions,
  type TestServer,
} from './helpers.js';
import { hasMetric, metricValue } from './metrics.helpers.js';

const TOKEN = 'metrics-token-0123456789-abcdefghij';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: StartOptions = {}): Promise<TestServer> {
  server = await startTestServer({ metrics: createMetrics(), config: { metricsToken: TOKEN }, ...options });
  return server;
}

async function scrape(s: TestServer, headers: Record<string, string> = {}): Promise<string> {
  const answer = await call(s.baseUrl, 'GET', '/metrics', { headers });
  expect(answer.status, answer.text).toBe(200);
  return answer.text;
}

/** Holds the event loop, as a runaway computation would. */
function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose
  }
}

describe('GET /healthz', () => {
  it('answers small JSON, never cached and never rate limited, and 503 once the event loop has stalled', async () => {
    const s = await start();
    const answers = await Promise.all(Array.from({ length: 100 }, () => call(s.baseUrl, 'GET', '/healthz')));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 100 }, () => 200));
    const first = answers[0]!;
    expect(first.body).toEqual({
      status: 'ok',
      uptimeSeconds: expect.any(Number),
      eventLoopDelayMs: expect.any(Number),
    });
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.getSetCookie()).toEqual([]);

    blockEventLoop(STUCK_EVENT_LOOP_MS + 100);
    const stalled = await call<{ status: string; eventLoopDelayMs: number }>(s.baseUrl, 'GET', '/healthz');
    expect(stalled.status).toBe(503);
    expect(stalled.body.status).toBe('stalled');
    expect(stalled.body.eventLoopDelayMs).toBeGreaterThanOrEqual(STUCK_EVENT_LOOP_MS);
  });
});

describe('GET /readyz', () => {
  it('is ready when PostgreSQL answers with every migration applied, and not while one is missing', async () => {
    const s = await start();
    const ready = await call(s.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', store: 'postgres' });
    expect(ready.headers.get('cache-control')).toBe('no-store');

    // As a server of a newer release sees a database an older one migrated.
    const client = new pg.Client({ connectionString: s.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: string }>(
        'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations) RETURNING version',
      );
      const pending = await call(s.baseUrl, 'GET', '/readyz');
      expect(pending.status).toBe(503);
      expect(pending.body).toEqual({
        status: 'not_ready',
        store: 'postgres',
        reason: 'migrations_pending',
        pendingMigrations: 1,
      });
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [rows[0]!.version]);
    } finally {
      await client.end();
    }
    expect((await call(s.baseUrl, 'GET', '/readyz')).status).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('is served straight to this machine or with METRICS_TOKEN, and refused through a proxy without it', async () => {
    const s = await start();
    const local = await call(s.baseUrl, 'GET', '/metrics');
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(local.headers.get('cache-control')).toBe('no-store');

    const forwarded = { 'X-Forwarded-For': '203.0.113.7' };
    const refused = await call(s.baseUrl, 'GET', '/metrics', { headers: forwarded });
    expect(refused.status).toBe(403);
    expect(ApiErrorBody.parse(refused.body).error.code).toBe('forbidden');
    const wrong = await call(s.baseUrl, 'GET', '/metrics', {
      headers: { ...forwarded, Authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(403);
    await scrape(s, { ...forwarded, Authorization: `Bearer ${TOKEN}` });

    // Without METRICS_TOKEN, no bearer opens it.
    await s.close();
    const untokened = await start({ config: { metricsToken: undefined } });
    const bearer = await call(untokened.baseUrl, 'GET', '/metrics', {
      headers: { ...forwarded, Authorization: 'Bearer undefined' },
    });
    expect(bearer.status).toBe(403);
  });

  it('has the process, the pool and the e-mail queue, and its histograms move with requests, per route pattern', async () => {
    const metrics = createMetrics();
    const s = await start({ metrics, mailer: countedMailer(noopMailer, metrics) });
    const before = await scrape(s);
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'prr_db_pool_connections_in_use',
      'prr_db_pool_connections_idle',
      'prr_db_pool_waiting',
      'prr_emails_due',
    ])
      expect(hasMetric(before, name), name).toBe(true);
    for (const name of ['prr_emails_sent_total', 'prr_emails_failed_total'])
      expect(before, name).toContain(`# TYPE ${name} counter`);

    const route = { method: 'GET', route: api.reflectionPrompt.path, status: '200' };
    const stats = { store: 'postgres', operation: 'states', outcome: 'ok' };
    for (const day of [1, 2, 3])
      expect((await call(s.baseUrl, 'GET', pathFor(api.reflectionPrompt, { day }))).status).toBe(200);
    expect((await call(s.baseUrl, 'GET', api.movementStats.path)).status).toBe(200);
    expect((await call(s.baseUrl, 'GET', '/api/no-such-thing')).status).toBe(404);
    const after = await scrape(s);

    const moved = (text: string, name: string, labels: Record<string, string>) => metricValue(text, name, labels);
    expect(moved(after, 'prr_http_requests_total', route) - moved(before, 'prr_http_requests_total', route)).toBe(3);
    expect(
      moved(after, 'prr_http_request_duration_seconds_count', route) -
        moved(before, 'prr_http_request_duration_seconds_count', route),
    ).toBe(3);
    expect(
      moved(after, 'prr_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }) -
        moved(before, 'prr_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBe(3);
    expect(
      moved(after, 'prr_store_operation_duration_seconds_count', stats) -
        moved(before, 'prr_store_operation_duration_seconds_count', stats),
    ).toBeGreaterThanOrEqual(1);
    // A sign-in code, counted at the mailer as the scheduler's messages are.
    await joinAndSignIn(s.baseUrl);
    await signInByCode(s, JOIN.email);
    expect(metricValue(await scrape(s), 'prr_emails_sent_total', { kind: 'signin' })).toBe(1);

    const unmatched = { method: 'GET', route: '/api (no route)', status: '404' };
    expect(moved(after, 'prr_http_requests_total', unmatched)).toBe(1);
    // Never a raw path: the days asked for and the unknown path are nowhere in the labels.
    expect(after).not.toContain('/api/reflection-prompts/2');
    expect(after).not.toContain('no-such-thing');
  });
});
