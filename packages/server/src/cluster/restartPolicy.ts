/**
 * Whether the cluster primary replaces a worker that exited without being asked to, and after how
 * long (docs/decisions/032-every-core-one-command.md). A worker that dies long after it started
 * hit something rare: it is replaced at once, so the site is back to full strength. One that dies
 * before it listens, or soon after, most likely dies of something every worker will hit (a bad
 * release, a database it cannot reach): each such exit waits twice as long as the one before, and
 * after a few of them the primary gives up rather than fork a process every moment forever.
 */

/** An exit sooner than this after listening counts as a start-up failure. */
export const EARLY_EXIT_MS = 5_000;
/** Start-up failures within this window count together... */
export const EARLY_EXIT_WINDOW_MS = 60_000;
/** ...and this many of them stop the primary. */
export const MAX_EARLY_EXITS = 5;
/** The wait after the first start-up failure, doubled after each of the next ones. */
export const FIRST_BACKOFF_MS = 500;

export type RestartDecision =
  | { kind: 'replace'; delayMs: number }
  | { kind: 'give-up'; code: 'workers_crash_looping'; earlyExits: number; windowMs: number };

export class RestartPolicy {
  /** When the recent start-up failures happened (ms). */
  #earlyExits: number[] = [];

  /**
   * `now` (ms) is when the worker exited; `listenedForMs` how long it had been listening, or
   * undefined when it never did.
   */
  decide(now: number, listenedForMs: number | undefined): RestartDecision {
    if (listenedForMs !== undefined && listenedForMs >= EARLY_EXIT_MS) return { kind: 'replace', delayMs: 0 };
    this.#earlyExits = [...this.#earlyExits.filter((at) => now - at < EARLY_EXIT_WINDOW_MS), now];
    const count = this.#earlyExits.length;
    if (count >= MAX_EARLY_EXITS) {
      return { kind: 'give-up', code: 'workers_crash_looping', earlyExits: count, windowMs: EARLY_EXIT_WINDOW_MS };
    }
    return { kind: 'replace', delayMs: FIRST_BACKOFF_MS * 2 ** (count - 1) };
  }
}
