/**
 * The embedded store's capacity: the size (members × days of reflections) at which one lowdb
 * flush passes 250 ms. Every write waits for a flush, and a flush serialises the whole file on the
 * event loop, so past that point every request waits a quarter of a second behind each one.
 *
 * Data files of growing size (N members × 90 days, N doubling) come from the import's streaming
 * generator (packages/server/test/generateLowdbFile.ts: realistic text sizes, and the
 * reflection prompt on every reflection, as files written before the prompt was compacted hold
 * it). Each is opened by the real store (openLowdbStore) in the `lowdb-store` target, pinned to the
 * server core as every server under test, and timed over `samples` lone flushes
 * (`store.file.commit()`: stringify, write, rename) on the idle store; the median wall time
 * counts. The process's CPU time per flush is reported beside it: on a shared machine the wall
 * time also holds other people's work. The doubling stops at the first size past
 * the budget; the capacity is interpolated linearly (in member-days and in bytes) between the two
 * sizes around 250 ms. Packages/server/src/store/lowdb/capacity.ts holds the figure the server
 * warns with.
 */
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeLowdbFile } from '../../packages/server/test/generateLowdbFile.js';
import { cpuPlan } from '../lib/machine.js';
import { median } from '../lib/stats.js';
import { startTarget } from './harness.js';

export const FLUSH_BUDGET_MS = 250;

export interface CapacityPoint {
  members: number;
  days: number;
  memberDays: number;
  bytes: number;
  /** Median of the lone flushes' wall time, ms. */
  flushMs: number;
  samples: number[];
  /** Median CPU time of the store's process per flush (all its threads), ms. */
  flushCpuMs: number;
  /** Resident memory of the process holding the store, after the flushes, bytes. */
  rssBytes: number;
  /** Time the app target took to open the file (read, parse, validate), ms. */
  openMs: number;
}

export interface CapacityReport {
  days: number;
  budgetMs: number;
  points: CapacityPoint[];
  /** Interpolated at the budget; undefined when no measured size passed it (or none stayed under). */
  memberDays?: number;
  bytes?: number;
}

export interface CapacityOptions {
  workDir: string;
  log: (line: string) => void;
  /** Member counts to try in order (stops after the first past the budget). */
  members: number[];
  days: number;
  samples: number;
  /** Keep the largest file under the budget for the cases that use it (its path is returned). */
  keepLargestUnder?: boolean;
}

/** Generates (into workDir) a lowdb data file of members × days whose members reached day 90 by now. */
export async function lowdbDataFile(
  workDir: string,
  members: number,
  days: number,
): Promise<{ file: string; bytes: number }> {
  const file = join(workDir, `lowdb-${members}x${days}.json`);
  const { bytes } = await writeLowdbFile(file, { members, days, now: new Date() });
  return { file, bytes };
}

export async function measureCapacity(
  o: CapacityOptions,
): Promise<{ report: CapacityReport; largestUnder?: { file: string; point: CapacityPoint } }> {
  const cpu = cpuPlan();
  const points: CapacityPoint[] = [];
  let largestUnder: { file: string; point: CapacityPoint } | undefined;
  for (const members of o.members) {
    const { file, bytes } = await lowdbDataFile(o.workDir, members, o.days);
    let point: CapacityPoint;
    // The store may rewrite its file: time a copy, keep the original for later cases.
    const copy = `${file}.run.json`;
    copyFileSync(file, copy);
    const opening = performance.now();
    const target = await startTarget({ kind: 'lowdb-store', dataFile: copy }, o.workDir, cpu.server);
    try {
      const openMs = performance.now() - opening;
      const times = await target.call<Array<{ wallMs: number; cpuMs: number }>>('flushTimes', { samples: o.samples });
      const samples = times.map((t) => t.wallMs);
      const rssBytes = await target.call<number>('rss');
      point = {
        members,
        days: o.days,
        memberDays: members * o.days,
        bytes,
        flushMs: median(samples),
        samples,
        flushCpuMs: median(times.map((t) => t.cpuMs)),
        rssBytes,
        openMs,
      };
    } finally {
      await target.kill();
      rmSync(copy, { force: true });
    }
    points.push(point);
    o.log(
      `  capacity ${String(members).padStart(6)} members x ${o.days} days (${(bytes / 1e6).toFixed(1)} MB): ` +
        `flush median ${point.flushMs.toFixed(1)} ms [${point.samples.map((s) => s.toFixed(0)).join(', ')}] (CPU ${point.flushCpuMs.toFixed(0)} ms), ` +
        `opened in ${(point.openMs / 1000).toFixed(1)} s, RSS ${(point.rssBytes / 1e6).toFixed(0)} MB`,
    );
    if (point.flushMs <= FLUSH_BUDGET_MS && o.keepLargestUnder) {
      if (largestUnder) rmSync(largestUnder.file, { force: true });
      largestUnder = { file, point };
    } else rmSync(file, { force: true });
    if (point.flushMs > FLUSH_BUDGET_MS) break;
  }
  return {
    report: { days: o.days, budgetMs: FLUSH_BUDGET_MS, points, ...interpolate(points) },
    ...(largestUnder ? { largestUnder } : {}),
  };
}

/** Linear between the last size under the budget and the first past it. */
function interpolate(points: readonly CapacityPoint[]): { memberDays?: number; bytes?: number } {
  const over = points.findIndex((p) => p.flushMs > FLUSH_BUDGET_MS);
  if (over <= 0) return {};
  const a = points[over - 1]!;
  const b = points[over]!;
  const t = (FLUSH_BUDGET_MS - a.flushMs) / (b.flushMs - a.flushMs);
  return { memberDays: a.memberDays + t * (b.memberDays - a.memberDays), bytes: a.bytes + t * (b.bytes - a.bytes) };
}
