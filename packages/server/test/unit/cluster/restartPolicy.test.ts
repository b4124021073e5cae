/**
 * When the cluster primary replaces a worker that exited unasked, and when it gives up
 * (docs/decisions/032-every-core-one-command.md): the policy is a value, tested here on chosen
 * instants; cluster.postgres.test.ts shows a real replacement.
 */
import { describe, expect, it } from 'vitest';
import {
  EARLY_EXIT_MS,
  EARLY_EXIT_WINDOW_MS,
  FIRST_BACKOFF_MS,
  MAX_EARLY_EXITS,
  RestartPolicy,
} from '../../../src/cluster/restartPolicy.js';

const T0 = 1_000_000;

describe('RestartPolicy', () => {
  it('replaces at once a worker that had been listening for a while, however often that happens', () => {
    const policy = new RestartPolicy();
    for (let n = 0; n < MAX_EARLY_EXITS * 3; n += 1) {
      expect(policy.decide(T0 + n * 1_000, EARLY_EXIT_MS)).toEqual({ kind: 'replace', delayMs: 0 });
    }
  });

  it('waits twice as long after each start-up failure, then gives up at the fifth within a minute', () => {
    const policy = new RestartPolicy();
    // Died before listening, or soon after: each counts as a start-up failure.
    const exits: (number | undefined)[] = [undefined, 0, EARLY_EXIT_MS - 1, undefined];
    const delays = exits.map((listenedFor, n) => policy.decide(T0 + n * 2_000, listenedFor));
    expect(delays).toEqual([
      { kind: 'replace', delayMs: FIRST_BACKOFF_MS },
      { kind: 'replace', delayMs: FIRST_BACKOFF_MS * 2 },
      { kind: 'replace', delayMs: FIRST_BACKOFF_MS * 4 },
      { kind: 'replace', delayMs: FIRST_BACKOFF_MS * 8 },
    ]);
    expect(policy.decide(T0 + 8_000, undefined)).toEqual({
      kind: 'give-up',
      code: 'workers_crash_looping',
      earlyExits: MAX_EARLY_EXITS,
      windowMs: EARLY_EXIT_WINDOW_MS,
    });
  });

  it('forgets start-up failures older than the window, and a crash after long service does not count', () => {
    const policy = new RestartPolicy();
    for (let n = 0; n < MAX_EARLY_EXITS - 1; n += 1) policy.decide(T0 + n, undefined);
    expect(policy.decide(T0 + 10, 60 * 60_000)).toEqual({ kind: 'replace', delayMs: 0 });
    // The four failures above have left the window: this one is the first again.
    expect(policy.decide(T0 + EARLY_EXIT_WINDOW_MS + MAX_EARLY_EXITS, undefined)).toEqual({
      kind: 'replace',
      delayMs: FIRST_BACKOFF_MS,
    });
  });
});
