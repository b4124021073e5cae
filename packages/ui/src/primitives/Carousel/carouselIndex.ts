/**
 * The index rules of docs/product/screens.md#carousels, as plain functions so they are unit-tested once:
 * a carousel shows `windowSize` items from `index`; the last useful start is count - windowSize.
 *
 * The docs say "previous at 0 goes to max(0, count - 3)"; this code uses max(0, count - windowSize),
 * which is the same for the three-wide carousels and sends one-at-a-time carousels (quotes, event
 * images, phone layouts) to their last item, because count - 3 there would land two items short
 * and leave the last two unreachable by going back.
 */

/** The last index a window can start at (0 when everything fits). */
export function lastStart(count: number, windowSize = 1): number {
  return Math.max(0, count - Math.max(1, windowSize));
}

/** Next past the end returns to 0. */
export function nextIndex(index: number, count: number, windowSize = 1): number {
  return index >= lastStart(count, windowSize) ? 0 : index + 1;
}

/** Previous at 0 goes to max(0, count - windowSize): the documented count - 3 for three-wide windows (see above). */
export function prevIndex(index: number, count: number, windowSize = 1): number {
  return index <= 0 ? lastStart(count, windowSize) : Math.min(index - 1, lastStart(count, windowSize));
}

/** Keeps an index valid when the item count or window size changes. */
export function clampIndex(index: number, count: number, windowSize = 1): number {
  return Math.min(Math.max(0, index), lastStart(count, windowSize));
}
