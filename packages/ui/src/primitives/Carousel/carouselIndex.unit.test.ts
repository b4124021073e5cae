import { describe, expect, it } from 'vitest';
import { clampIndex, lastStart, nextIndex, prevIndex } from './carouselIndex';

describe('carousel index rules (docs/product/screens.md#carousels)', () => {
  it('steps forward and returns to 0 past the end (window 1)', () => {
    expect(nextIndex(0, 5)).toBe(1);
    expect(nextIndex(3, 5)).toBe(4);
    expect(nextIndex(4, 5)).toBe(0);
  });

  it('returns to 0 once the window shows the last item (window 3)', () => {
    expect(nextIndex(0, 6, 3)).toBe(1);
    expect(nextIndex(2, 6, 3)).toBe(3);
    expect(nextIndex(3, 6, 3)).toBe(0);
  });

  it('previous at 0 goes to max(0, count - windowSize)', () => {
    expect(prevIndex(0, 6, 3)).toBe(3);
    expect(prevIndex(0, 5)).toBe(4);
    expect(prevIndex(0, 2, 3)).toBe(0);
    expect(prevIndex(0, 3, 3)).toBe(0);
    expect(prevIndex(0, 0, 3)).toBe(0);
  });

  it('previous otherwise steps back by one', () => {
    expect(prevIndex(3, 6, 3)).toBe(2);
    expect(prevIndex(1, 5)).toBe(0);
  });

  it('stays at 0 when everything fits in the window', () => {
    expect(lastStart(2, 3)).toBe(0);
    expect(nextIndex(0, 2, 3)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });

  it('keeps an index valid when the list shrinks or the window grows', () => {
    expect(clampIndex(4, 6, 3)).toBe(3);
    expect(clampIndex(4, 2)).toBe(1);
    expect(clampIndex(-1, 5)).toBe(0);
  });
});
