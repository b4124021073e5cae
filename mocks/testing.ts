/**
 * Shared set-up for the mocks' own tests: the Node interceptor with the default handlers, a fresh
 * store per test, and a tiny JSON fetch helper. Not exported from the package.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { pathFor, type RouteDef } from '@prr/contract';
import { server } from './node.js';
import { resetMockDb } from './db.js';

export const BASE_URL = 'http://localhost';

export function useMockServer(): typeof server {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => resetMockDb());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export async function request(
  route: Pick<RouteDef, 'method' | 'path'>,
  options: { params?: Record<string, string | number>; json?: unknown; cookie?: string; signal?: AbortSignal } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.cookie) headers.Cookie = options.cookie;
  const res = await fetch(BASE_URL + pathFor(route, options.params), {
    method: route.method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    signal: options.signal,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
}
