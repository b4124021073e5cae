/**
 * The limits on guessing the admin's password, shared by the login and the password change:
 *
 * - per client network and e-mail, and per client network (middleware/rateLimit.ts);
 * - per account, whatever the network: after `freeFailures` consecutive failures the account
 *   takes one attempt per window, and each further failure doubles the window (1 s, 2 s, 4 s… up
 *   to LOGIN_BACKOFF_MAX_SECONDS). Many addresses then buy an attacker nothing, and the admin
 *   waits at most that long once the guessing stops.
 *
 * An attempt is counted as a failure before its password is checked (a success takes it back),
 * so a burst of simultaneous guesses cannot all pass before the first failure is recorded. The
 * back-off window is a limiter of one point whose duration is set when the window opens: taking
 * that point is atomic in both stores, so one attempt per window gets through.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { normaliseEmail, rateLimited } from '@prr/domain';
import { LOGIN_BACKOFF_MAX_SECONDS, clientNetwork, consume, type Limiters } from '../middleware/rateLimit.js';

export const TOO_MANY_SIGN_IN_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/** The back-off window for the `failures`-th consecutive failure (failures > freeFailures), seconds. */
export function backoffSeconds(failures: number, freeFailures: number): number {
  return Math.min(LOGIN_BACKOFF_MAX_SECONDS, 2 ** Math.max(0, failures - freeFailures - 1));
}

export class LoginThrottle {
  readonly #limiters: Pick<Limiters, 'login' | 'loginPerIp' | 'loginFailures' | 'loginBackoff'>;
  readonly #freeFailures: number;

  constructor(
    limiters: Pick<Limiters, 'login' | 'loginPerIp' | 'loginFailures' | 'loginBackoff'>,
    freeFailures: number,
  ) {
    this.#limiters = limiters;
    this.#freeFailures = freeFailures;
  }

  /**
   * Counts one password attempt for this client and account, or throws 429 with Retry-After. A
   * known device (auth/deviceCookie.ts) has a back-off of its own, so strangers' failures on the
   * account do not hold it back (docs/decisions/027-admin-second-factor.md).
   */
  async attempt(ip: string, email: string, deviceId?: string): Promise<void> {
    const account = accountKey(email, deviceId);
    await consume(this.#limiters.loginPerIp, ip, TOO_MANY_SIGN_IN_ATTEMPTS);
    await consume(this.#limiters.login, pairKey(ip, account), TOO_MANY_SIGN_IN_ATTEMPTS);
    const failures = (await this.#limiters.loginFailures.penalty(account)).consumedPoints;
    if (failures <= this.#freeFailures) return;
    try {
      await this.#limiters.loginBackoff.consume(account, 1, {
        customDuration: backoffSeconds(failures, this.#freeFailures),
      });
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // Refused before any check: not a failure, so the next window does not grow for it.
      await this.#limiters.loginFailures.reward(account);
      throw rateLimited(TOO_MANY_SIGN_IN_ATTEMPTS, rejection.msBeforeNext);
    }
  }

  /** The right password: this client's attempts on the account and the account's failures are forgotten. */
  async succeeded(ip: string, email: string, deviceId?: string): Promise<void> {
    const account = accountKey(email, deviceId);
    await Promise.all([
      this.#limiters.login.delete(pairKey(ip, account)),
      this.#limiters.loginFailures.delete(account),
      this.#limiters.loginBackoff.delete(account),
    ]);
  }
}

const pairKey = (ip: string, account: string): string => `${clientNetwork(ip)}|${account}`;

/** The account's counters, or a known device's own counters on the account. */
const accountKey = (email: string, deviceId: string | undefined): string =>
  deviceId ? `${normaliseEmail(email)}#device:${deviceId}` : normaliseEmail(email);
