/** What the numbers were measured on: they only mean something next to this. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';

export interface Machine {
  nproc: number;
  cpuModel: string;
  node: string;
  platform: string;
  memoryGiB: number;
  taskset: boolean;
  chromium?: string;
}

export function describeMachine(): Machine {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpuModel = line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // not Linux: os.cpus() is good enough
  }
  return {
    nproc: availableParallelism(),
    cpuModel,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    taskset: hasTaskset(),
  };
}

let tasksetChecked: boolean | undefined;

/** `taskset` exists and this process may pin (containers sometimes refuse). */
export function hasTaskset(): boolean {
  tasksetChecked ??= spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' }).status === 0;
  return tasksetChecked;
}

/**
 * CPU lists for the server under test and its load generators: different cores when there are
 * at least two. With one core (or no taskset) nothing is pinned.
 */
export function cpuPlan(): { server?: string; load?: string; probe?: string } {
  const n = availableParallelism();
  if (!hasTaskset() || n < 2) return {};
  return { server: '0', load: '1', probe: n >= 3 ? '2' : '1' };
}

/**
 * The CPU list for a server of `workers` processes (node:cluster's workers inherit the mask): the
 * server core first, then the others in order, the load generator's last, so `workers` processes
 * get `workers` cores where the machine has them. On two cores, two workers share the load
 * generator's core (and PostgreSQL both): the only way to give a second process a core of its own.
 */
export function serverCpus(workers: number): string | undefined {
  const plan = cpuPlan();
  if (plan.server === undefined) return undefined;
  const cores = Array.from({ length: availableParallelism() }, (_, i) => String(i));
  const order = [plan.server, ...cores.filter((c) => c !== plan.server && c !== plan.load), plan.load ?? ''];
  return order.filter(Boolean).slice(0, Math.max(1, workers)).join(',');
}
