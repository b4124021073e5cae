/** A typed value as a whole number within bounds; anything non-numeric becomes `min`. */
export function toCount(raw: string, { min = 0, max }: { min?: number; max?: number | undefined } = {}): number {
  const parsed = Number.parseInt(raw, 10);
  if (Number.isNaN(parsed)) return min;
  const atLeast = Math.max(min, parsed);
  return max === undefined ? atLeast : Math.min(max, atLeast);
}
