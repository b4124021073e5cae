/** Small numeric helpers: the bench reports medians of rounds and ratios of medians. */

export function median(values: readonly number[]): number {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (finite.length === 0) return Number.NaN;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 === 1 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
}

export function ratio(value: number, baseline: number): number {
  return baseline > 0 && Number.isFinite(value) && Number.isFinite(baseline) ? value / baseline : Number.NaN;
}

/** Median of the per-round ratios: each round's case and baseline ran back to back, so drift cancels. */
export function medianRatio(values: readonly number[], baselines: readonly number[]): number {
  return median(values.map((v, i) => ratio(v, baselines[i] ?? Number.NaN)));
}

/**
 * The nearest-rank percentile of ascending `sorted` values (every response of a run, as the load
 * generators record them); NaN when there are none.
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Ascending copy of `values` (a typed array sorts numbers numerically, and fast). */
export function sortedSamples(values: readonly number[]): Float64Array {
  return Float64Array.from(values).sort();
}

/** The cases of round `by` in turn: each goes first as often as the others, so drift spreads over all of them. */
export const rotate = <T>(items: readonly T[], by: number): T[] => [
  ...items.slice(by % items.length),
  ...items.slice(0, by % items.length),
];

export function round(value: number, digits = 0): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A number for a table cell: '-' when missing, grouped thousands, fixed decimals. */
export function fmt(value: number | undefined, digits = 0): string {
  if (value === undefined || !Number.isFinite(value)) return '-';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const fmtRatio = (value: number | undefined, digits = 2): string =>
  value === undefined || !Number.isFinite(value) ? '-' : `${fmt(value, digits)}x`;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
