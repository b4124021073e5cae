/**
 * The index rules of SPEC.md section 4, as plain functions so they are unit-tested once:
 * a carousel shows `windowSize` items from `index`; the last useful start is count - windowSize.
 */

/** The last index a window can start at (0 when everything fits). */
export function lastStart(count: number, windowSize = 1): number {
  return Math.max(0, count - Math.max(1, windowSize));
}

/** Next past the end returns to 0. */
export function nextIndex(index: number, count: number, windowSize = 1): number {
  return index >= lastStart(count, windowSize) ? 0 : index + 1;
}

/** Previous at 0 goes to max(0, count - windowSize). */
export function prevIndex(index: number, count: number, windowSize = 1): number {
  return index <= 0 ? lastStart(count, windowSize) : Math.min(index - 1, lastStart(count, windowSize));
}

/** Keeps an index valid when the item count or window size changes. */
export function clampIndex(index: number, count: number, windowSize = 1): number {
  return Math.min(Math.max(0, index), lastStart(count, windowSize));
}
