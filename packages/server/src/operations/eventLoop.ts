/**
 * Whether the event loop is stuck, for GET /healthz: the longest delay Node's event-loop monitor
 * saw in the current window (perf_hooks.monitorEventLoopDelay). A loop blocked outright answers
 * nothing, which a host's check already sees as a failure; a loop that keeps stalling for seconds
 * answers late and rarely, and this makes that visible as a 503 before members notice.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** A delay this long in the window means the process is stuck (docs/deploy.md#watching-it). */
export const STUCK_EVENT_LOOP_MS = 2_000;
/** The window the longest delay is taken over: long enough to span a host's check interval. */
export const EVENT_LOOP_WINDOW_MS = 30_000;

export interface EventLoopWatch {
  /** The longest event-loop delay in the current window, in milliseconds. */
  longestDelayMs(): number;
}

export function watchEventLoop(now: () => number = Date.now): EventLoopWatch {
  let histogram: IntervalHistogram | undefined;
  let windowStart = 0;
  return {
    longestDelayMs() {
      // Started on first use: an app that is never asked (most tests) keeps no monitor running.
      if (!histogram) {
        histogram = monitorEventLoopDelay({ resolution: 20 });
        histogram.enable();
        windowStart = now();
      }
      const longest = histogram.max / 1e6;
      if (now() - windowStart >= EVENT_LOOP_WINDOW_MS) {
        histogram.reset();
        windowStart = now();
      }
      return Math.round(longest);
    },
  };
}
