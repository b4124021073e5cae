/**
 * Who may read /metrics, for peers the HTTP tests cannot be (they all connect over loopback): a
 * request from another machine needs METRICS_TOKEN, one from this machine straight does not.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import type { AppContext, AppState } from '../../../src/http/context.js';
import { mayReadMetrics } from '../../../src/operations/metricsAccess.js';

const TOKEN = 'metrics-token-0123456789-abcdefghij';

function contextFrom(peer: string, headers: Record<string, string> = {}): AppContext {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: peer });
  const req = new IncomingMessage(socket);
  req.headers = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return new Koa<AppState>().createContext(req, new ServerResponse(req));
}

describe('mayReadMetrics', () => {
  it('lets this machine in straight, over IPv4, IPv6 and IPv4-mapped loopback', () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(mayReadMetrics(contextFrom(peer), undefined), peer).toBe(true);
  });

  it('refuses another machine, and a request a proxy on this machine forwarded, without the token', () => {
    expect(mayReadMetrics(contextFrom('203.0.113.9'), TOKEN)).toBe(false);
    expect(mayReadMetrics(contextFrom('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' }), TOKEN)).toBe(false);
    expect(mayReadMetrics(contextFrom('127.0.0.1', { Forwarded: 'for=203.0.113.9' }), TOKEN)).toBe(false);
  });

  it('lets anyone in with the token as a bearer, and nobody with a wrong or absent one', () => {
    expect(mayReadMetrics(contextFrom('203.0.113.9', { Authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
    expect(mayReadMetrics(contextFrom('203.0.113.9', { Authorization: `bearer ${TOKEN}` }), TOKEN)).toBe(true);
    expect(mayReadMetrics(contextFrom('203.0.113.9', { Authorization: `Bearer ${TOKEN.slice(1)}` }), TOKEN)).toBe(
      false,
    );
    expect(mayReadMetrics(contextFrom('203.0.113.9', { Authorization: TOKEN }), TOKEN)).toBe(false);
    expect(mayReadMetrics(contextFrom('203.0.113.9', { Authorization: 'Bearer undefined' }), undefined)).toBe(false);
  });
});
