/**
 * Where the machine's CPU went during a run: user + system time of every process from
 * /proc/<pid>/stat, before and after, grouped into the servers under test, PostgreSQL, the load
 * generators and everything else (other people's work on a shared machine). In cores: 1.0 is one
 * core busy for the whole run. Linux only; elsewhere it answers undefined.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { median } from '../lib/stats.js';

export interface CpuUse {
  /** Cores busy on average over the run, per group. */
  server: number;
  postgres: number;
  load: number;
  other: number;
  seconds: number;
}

type Group = keyof Omit<CpuUse, 'seconds'>;

interface Snapshot {
  at: number;
  ticks: Map<string, { group: Group; ticks: number }>;
}

const TICKS_PER_SECOND = 100;

function groupOf(pid: string, comm: string): Group {
  if (comm.startsWith('postgres') || comm === 'postmaster') return 'postgres';
  if (comm !== 'node' && comm !== 'MainThread' && !comm.startsWith('node')) return 'other';
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return 'other';
  }
  if (cmdline.includes('bench/server/target.ts') || cmdline.includes('packages/server/src/bin.ts')) return 'server';
  if (['mixLoad.ts', 'load.ts', 'peakLoad.ts'].some((script) => cmdline.includes(`bench/server/${script}`)))
    return 'load';
  return 'other';
}

function snapshot(): Snapshot | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const ticks = new Map<string, { group: Group; ticks: number }>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // Fields 14 and 15 (utime, stime) of stat(5); `fields` starts at field 3.
      const used = Number(fields[11]) + Number(fields[12]);
      ticks.set(`${pid}:${fields[19]}`, { group: groupOf(pid, comm), ticks: used });
    } catch {
      // The process ended in between.
    }
  }
  return { at: performance.now(), ticks };
}

/** Runs fn and reports the CPU every group used meanwhile (processes that ended during it are not counted). */
export async function withCpuUse<T>(fn: () => Promise<T>): Promise<{ result: T; cpu?: CpuUse }> {
  const before = snapshot();
  const result = await fn();
  const after = snapshot();
  if (!before || !after) return { result };
  const seconds = (after.at - before.at) / 1000;
  const used: Record<Group, number> = { server: 0, postgres: 0, load: 0, other: 0 };
  for (const [key, now] of after.ticks) {
    used[now.group] += now.ticks - (before.ticks.get(key)?.ticks ?? 0);
  }
  const cores = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100) / 100;
  return {
    result,
    cpu: {
      server: cores(used.server),
      postgres: cores(used.postgres),
      load: cores(used.load),
      other: cores(used.other),
      seconds: Math.round(seconds * 10) / 10,
    },
  };
}

/** " [cores: server …, postgres …, load …, other …]" for a run's log line; empty without figures. */
export const describeCpu = (cpu: CpuUse | undefined): string =>
  cpu ? ` [cores: server ${cpu.server}, postgres ${cpu.postgres}, load ${cpu.load}, other ${cpu.other}]` : '';

/** The median of each figure over several measurements (rounds); undefined when there were none. */
export function medianCpuUse(uses: readonly CpuUse[]): CpuUse | undefined {
  if (uses.length === 0) return undefined;
  const of = (f: (c: CpuUse) => number) => median(uses.map(f));
  return {
    server: of((c) => c.server),
    postgres: of((c) => c.postgres),
    load: of((c) => c.load),
    other: of((c) => c.other),
    seconds: of((c) => c.seconds),
  };
}
