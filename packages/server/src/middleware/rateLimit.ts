/**
 * Rate limits (rate-limiter-flexible): admin login attempts per IP+e-mail, per IP and per account
 * (with back-off, auth/loginThrottle.ts); member sign-in e-mails per IP, per address and per
 * address and day; code and link attempts per IP, wrong codes per network and day; joins per IP
 * and per address (docs/decisions/026-limits-and-defaults.md). The counters live where the store
 * keeps its state: the data file with lowdb, the database with PostgreSQL, so a restart forgets
 * none and, with PostgreSQL, a limit counts across every server.
 *
 * "Per IP" means per client network: an IPv6 address counts by its /64, the block one subscriber
 * usually gets whole, so walking through its addresses does not buy fresh limits.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, rateLimited } from '@prr/domain';
import type { AppConfig, RateLimit } from '../config.js';
import type { AppStore } from '../store/types.js';

export interface Limiters {
  login: RateLimiterAbstract;
  loginPerIp: RateLimiterAbstract;
  /** Counts an account's consecutive failed logins (never refuses by itself). */
  loginFailures: RateLimiterAbstract;
  /** One point per window: the account's back-off once it has failed too often. */
  loginBackoff: RateLimiterAbstract;
  signInPerIp: RateLimiterAbstract;
  signInPerAddress: RateLimiterAbstract;
  signInPerAddressPerDay: RateLimiterAbstract;
  signInAttempts: RateLimiterAbstract;
  wrongCodesPerNetwork: RateLimiterAbstract;
  joinPerIp: RateLimiterAbstract;
  joinPerAddress: RateLimiterAbstract;
}

/** The longest back-off window, seconds; also the default duration of the back-off limiter. */
export const LOGIN_BACKOFF_MAX_SECONDS = 15 * 60;

export function createLimiters(limits: AppConfig['rateLimits'], store: Pick<AppStore, 'rateLimiter'>): Limiters {
  const limiter = (limit: RateLimit, keyPrefix: string) =>
    store.rateLimiter({ points: limit.points, duration: limit.duration, keyPrefix });
  return {
    login: limiter(limits.login, 'login'),
    loginPerIp: limiter(limits.loginPerIp, 'login-ip'),
    loginFailures: limiter(limits.loginPerAccount, 'login-account'),
    loginBackoff: limiter({ points: 1, duration: LOGIN_BACKOFF_MAX_SECONDS }, 'login-account-wait'),
    signInPerIp: limiter(limits.signInPerIp, 'sign-in-ip'),
    signInPerAddress: limiter(limits.signInPerAddress, 'sign-in-address'),
    signInPerAddressPerDay: limiter(limits.signInPerAddressPerDay, 'sign-in-address-day'),
    signInAttempts: limiter(limits.signInAttempts, 'sign-in-attempt-ip'),
    wrongCodesPerNetwork: limiter(limits.wrongCodesPerNetwork, 'wrong-code-network'),
    joinPerIp: limiter(limits.joinPerIp, 'join-ip'),
    joinPerAddress: limiter(limits.joinPerAddress, 'join-address'),
  };
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

/**
 * The key a client's address is limited by: an IPv4 address as it is (also written IPv4-mapped,
 * `::ffff:192.0.2.1`, as a dual-stack socket reports it), an IPv6 address as its /64 network.
 * Anything else (an empty address) is returned unchanged.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names our interface, not the client
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** Which limiter refused a request: the cause of its 429, read by the error handler's log line. */
export class LimiterRefusal {
  readonly limiter: string;

  constructor(limiter: string) {
    this.limiter = limiter;
  }
}

/** A 429 with Retry-After that names the limiter which refused (errorHandler logs `rate-limited`). */
export function refusedBy(rateLimiter: RateLimiterAbstract, message: string, msBeforeNext: number): AppError {
  const answer = rateLimited(message, msBeforeNext);
  return new AppError(answer.code, answer.message, {
    ...(answer.headers ? { headers: answer.headers } : {}),
    cause: new LimiterRefusal(rateLimiter.keyPrefix),
  });
}

/** A key that is an IP address counts as its network (clientNetwork), so every limit by `ctx.ip` follows the /64 rule. */
const limitKey = (key: string): string => (isIPv4(key) || isIPv6(key) ? clientNetwork(key) : key);

/** Takes one point for `key`, or throws 429 with Retry-After. */
export async function consume(rateLimiter: RateLimiterAbstract, key: string, message: string): Promise<void> {
  try {
    await rateLimiter.consume(limitKey(key));
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw refusedBy(rateLimiter, message, rejection.msBeforeNext);
    throw rejection;
  }
}

/** Throws 429 if `key` has spent its points, without taking one (the points are taken later, by `penalise`). */
export async function ensureUnspent(rateLimiter: RateLimiterAbstract, key: string, message: string): Promise<void> {
  const state = await rateLimiter.get(limitKey(key));
  if (state && state.consumedPoints >= rateLimiter.points) throw refusedBy(rateLimiter, message, state.msBeforeNext);
}

/** Takes one point for `key` without refusing: the next `ensureUnspent` decides. */
export async function penalise(rateLimiter: RateLimiterAbstract, key: string): Promise<void> {
  await rateLimiter.penalty(limitKey(key));
}
