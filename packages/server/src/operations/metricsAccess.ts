/**
 * Who may read GET /metrics: this machine, straight (the socket's peer is loopback and no proxy
 * forwarded the request, since a proxy on this machine is loopback too), or anyone holding
 * METRICS_TOKEN as a bearer token. The figures hold no member data, but route timings and counts
 * are nobody else's business (docs/deploy.md#watching-it).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isLoopbackHost } from '../config.js';
import type { AppContext } from '../http/context.js';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

function hasToken(ctx: AppContext, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

function straightFromLoopback(ctx: AppContext): boolean {
  const peer = ctx.req.socket.remoteAddress;
  const forwarded = ctx.get('x-forwarded-for') !== '' || ctx.get('forwarded') !== '';
  return peer !== undefined && isLoopbackHost(peer.replace(/^::ffff:/, '')) && !forwarded;
}

export function mayReadMetrics(ctx: AppContext, token: string | undefined): boolean {
  return hasToken(ctx, token) || straightFromLoopback(ctx);
}
