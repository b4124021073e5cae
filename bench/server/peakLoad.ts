/**
 * The load generator of the 09:00 peak (peak.ts): member visits (visit.ts) from its own
 * long-lived process, pinned apart from the server where the machine allows it, driven over IPC
 * (harness.ts's ipcChild) like mixLoad.ts. Two ways to send them:
 *
 *   open    an open loop: visits arrive on a fixed clock, `rate` a second, each started when it is
 *           due, whatever the earlier ones are still doing. A visit's dashboard time counts from when
 *           it was due, so a queue anywhere (the server, the database, this process running late)
 *           shows in the figures instead of slowing the arrivals down. autocannon's overallRate is
 *           not that: it gives each connection a quota per second, spends it back to back at the top
 *           of the second, and sends nothing on a connection that is still waiting for an answer.
 *   closed  a closed loop: `concurrency` virtual members, each doing visit after visit without a
 *           pause, which saturates the server: visits completed per second is its capacity.
 *
 * Every visit takes the next member of the run's members file (peak.ts gives each a fresh session),
 * so the visits of a run are distinct members as long as the file lasts; after that it starts
 * over, and the result's `members` (distinct among the measured visits) says so. Latencies are
 * every answered request's, recorded here, with the nearest-rank percentiles of mixLoad.ts.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { percentile, sortedSamples } from '../lib/stats.js';
import { parseMembersFile, type MemberRef } from './memberRequests.js';
import { succeeded, visit, type Outcome, type VisitTimes } from './visit.js';
import { answerRuns } from './ipcRuns.js';

export type PeakMode = { kind: 'open'; rate: number } | { kind: 'closed'; concurrency: number };

export interface PeakSpec {
  url: string;
  mode: PeakMode;
  /** `id\temail\tsession` lines (memberRequests.ts), taken in order, one per visit. */
  membersFile: string;
  /** Seconds of the same load first, not measured (the open loop runs on into the measured part). */
  warmup: number;
  /** Measured seconds. */
  duration: number;
  /** Per request. */
  timeoutSeconds: number;
  /**
   * Open loop: a visit due while this many are in flight is not started but counted as dropped,
   * so a stalled server cannot make this process open sockets without end.
   */
  maxInFlight: number;
}

export interface RequestFigures {
  /** Requests answered (any status). */
  count: number;
  /** Of them, 2xx. */
  ok: number;
  /** ms, over every answered request. */
  p50: number;
  p99: number;
}

export interface PeakResult {
  mode: PeakMode;
  /** The measured window, seconds. */
  duration: number;
  /** Visits started in the window (open loop: due in it and not dropped). */
  started: number;
  /** Visits whose dashboard and save both answered 2xx (closed loop: ending within the window). */
  completed: number;
  /**
   * Open loop: visits started, over the window's start to the last start (one interval added), so
   * a generator falling behind its clock shows; closed loop: started / duration.
   */
  startedPerSecond: number;
  /**
   * Open loop: completed visits over the window's start to the last one's end (at least the
   * window), so a server falling behind shows; closed loop: completed / duration.
   */
  completedPerSecond: number;
  dashboard: RequestFigures;
  save: RequestFigures;
  /** Requests (dashboards and saves) answered with another status than 2xx, failed to connect or answer, timed out. */
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Open loop: visits not started (maxInFlight). */
  dropped: number;
  /** Distinct members among the measured visits. */
  members: number;
  /** Open loop: how late this process started the measured visits, ms. */
  lagP99Ms: number;
  lagMaxMs: number;
}

/** The run's members, one per visit, in file order, starting over when they run out. */
class Members {
  readonly #list: MemberRef[];
  #next = 0;

  constructor(file: string) {
    this.#list = parseMembersFile(readFileSync(file, 'utf8'));
    if (this.#list.length === 0) throw new Error(`no members in ${file}`);
  }

  take(): { member: MemberRef; index: number } {
    const index = this.#next % this.#list.length;
    this.#next += 1;
    return { member: this.#list[index]!, index };
  }
}

/** What the measured visits did. */
class Recorder {
  readonly dashboardMs: number[] = [];
  readonly saveMs: number[] = [];
  readonly lagMs: number[] = [];
  readonly members = new Set<number>();
  readonly counts = { dashboardOk: 0, saveOk: 0, non2xx: 0, errors: 0, timeouts: 0, started: 0, dropped: 0 };
  completed = 0;

  add(v: VisitTimes, memberIndex: number): void {
    this.members.add(memberIndex);
    this.#request(v.dashboard, v.dashboardMs, this.dashboardMs, 'dashboardOk');
    if (v.save && v.saveMs !== undefined) this.#request(v.save, v.saveMs, this.saveMs, 'saveOk');
  }

  #request(outcome: Outcome, ms: number, samples: number[], ok: 'dashboardOk' | 'saveOk'): void {
    if ('failure' in outcome) {
      this.counts[outcome.failure === 'timeout' ? 'timeouts' : 'errors'] += 1;
      return;
    }
    samples.push(ms);
    if (succeeded(outcome)) this.counts[ok] += 1;
    else this.counts.non2xx += 1;
  }

  result(spec: PeakSpec, rates: Pick<PeakResult, 'startedPerSecond' | 'completedPerSecond'>): PeakResult {
    const figures = (samples: readonly number[], ok: number): RequestFigures => {
      const sorted = sortedSamples(samples);
      return { count: samples.length, ok, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    const lag = sortedSamples(this.lagMs);
    return {
      mode: spec.mode,
      duration: spec.duration,
      started: this.counts.started,
      completed: this.completed,
      ...rates,
      dashboard: figures(this.dashboardMs, this.counts.dashboardOk),
      save: figures(this.saveMs, this.counts.saveOk),
      non2xx: this.counts.non2xx,
      errors: this.counts.errors,
      timeouts: this.counts.timeouts,
      dropped: this.counts.dropped,
      members: this.members.size,
      lagP99Ms: percentile(lag, 99),
      lagMaxMs: lag.length ? lag[lag.length - 1]! : Number.NaN,
    };
  }
}

const visitSucceeded = (v: VisitTimes): boolean => succeeded(v.dashboard) && succeeded(v.save);

async function openLoop(spec: PeakSpec, rate: number): Promise<PeakResult> {
  const target = new URL(spec.url);
  const members = new Members(spec.membersFile);
  const recorder = new Recorder();
  const intervalMs = 1000 / rate;
  const total = Math.round(rate * (spec.warmup + spec.duration));
  const firstMeasured = Math.round(rate * spec.warmup);
  const t0 = performance.now() + 20;
  const windowStart = t0 + firstMeasured * intervalMs;
  const dueAt = (i: number) => t0 + i * intervalMs;
  const visits: Array<Promise<void>> = [];
  let inFlight = 0;
  let lastStart = windowStart;
  let lastEnd = windowStart;
  let next = 0;
  // Woken by a timer for each arrival: every visit due by now starts now (so a late wake-up
  // catches up instead of shifting the clock), without waiting for any earlier one.
  await new Promise<void>((resolve) => {
    const wake = () => {
      const now = performance.now();
      for (; next < total && dueAt(next) <= now; next += 1) {
        const measured = next >= firstMeasured;
        if (measured) recorder.lagMs.push(now - dueAt(next));
        if (inFlight >= spec.maxInFlight) {
          if (measured) recorder.counts.dropped += 1;
          continue;
        }
        const { member, index } = members.take();
        inFlight += 1;
        if (measured) {
          recorder.counts.started += 1;
          lastStart = now;
        }
        visits.push(
          visit(target, member, dueAt(next), spec.timeoutSeconds * 1000).then((v) => {
            inFlight -= 1;
            if (!measured) return;
            recorder.add(v, index);
            if (visitSucceeded(v)) {
              recorder.completed += 1;
              lastEnd = Math.max(lastEnd, v.endedAt);
            }
          }),
        );
      }
      if (next >= total) resolve();
      else setTimeout(wake, Math.max(0, dueAt(next) - performance.now()));
    };
    wake();
  });
  await Promise.all(visits);
  const seconds = (ms: number) => ms / 1000;
  return recorder.result(spec, {
    startedPerSecond: recorder.counts.started / seconds(lastStart - windowStart + intervalMs),
    completedPerSecond: recorder.completed / Math.max(spec.duration, seconds(lastEnd - windowStart)),
  });
}

async function closedLoop(spec: PeakSpec, concurrency: number): Promise<PeakResult> {
  const target = new URL(spec.url);
  const members = new Members(spec.membersFile);
  const recorder = new Recorder();
  const windowStart = performance.now() + spec.warmup * 1000;
  const windowEnd = windowStart + spec.duration * 1000;
  const virtualMember = async () => {
    while (performance.now() < windowEnd) {
      const startedAt = performance.now();
      const { member, index } = members.take();
      const v = await visit(target, member, startedAt, spec.timeoutSeconds * 1000);
      if (startedAt >= windowStart) {
        recorder.counts.started += 1;
        recorder.add(v, index);
      }
      // Throughput counts what ended inside the window, whenever it started.
      if (v.endedAt >= windowStart && v.endedAt <= windowEnd && visitSucceeded(v)) recorder.completed += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, virtualMember));
  return recorder.result(spec, {
    startedPerSecond: recorder.counts.started / spec.duration,
    completedPerSecond: recorder.completed / spec.duration,
  });
}

function measure(spec: PeakSpec): Promise<PeakResult> {
  return spec.mode.kind === 'open' ? openLoop(spec, spec.mode.rate) : closedLoop(spec, spec.mode.concurrency);
}

answerRuns(measure);
