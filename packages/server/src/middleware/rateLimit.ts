/**
 * Rate limits (rate-limiter-flexible): admin login attempts per IP+e-mail and per IP; member
 * sign-in e-mails per IP and per address; code and link attempts per IP; joins per IP and per
 * address. The counters live where the store keeps its state: this process's memory with
 * lowdb (reset on restart), the database with PostgreSQL, so a limit counts across every server.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimited } from '@prr/domain';
import type { AppConfig, RateLimit } from '../config.js';
import type { AppStore } from '../store/types.js';

export interface Limiters {
  login: RateLimiterAbstract;
  loginPerIp: RateLimiterAbstract;
  signInPerIp: RateLimiterAbstract;
  signInPerAddress: RateLimiterAbstract;
  signInAttempts: RateLimiterAbstract;
  joinPerIp: RateLimiterAbstract;
  joinPerAddress: RateLimiterAbstract;
}

export function createLimiters(limits: AppConfig['rateLimits'], store: Pick<AppStore, 'rateLimiter'>): Limiters {
  const limiter = (limit: RateLimit, keyPrefix: string) =>
    store.rateLimiter({ points: limit.points, duration: limit.duration, keyPrefix });
  return {
    login: limiter(limits.login, 'login'),
    loginPerIp: limiter(limits.loginPerIp, 'login-ip'),
    signInPerIp: limiter(limits.signInPerIp, 'sign-in-ip'),
    signInPerAddress: limiter(limits.signInPerAddress, 'sign-in-address'),
    signInAttempts: limiter(limits.signInAttempts, 'sign-in-attempt-ip'),
    joinPerIp: limiter(limits.joinPerIp, 'join-ip'),
    joinPerAddress: limiter(limits.joinPerAddress, 'join-address'),
  };
}

/** Takes one point for `key`, or throws 429 with Retry-After. */
export async function consume(rateLimiter: RateLimiterAbstract, key: string, message: string): Promise<void> {
  try {
    await rateLimiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw rateLimited(message, rejection.msBeforeNext);
    throw rejection;
  }
}
