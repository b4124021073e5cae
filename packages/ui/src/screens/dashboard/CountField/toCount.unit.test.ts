import { describe, expect, it } from 'vitest';
import { toCount } from './toCount';

describe('toCount', () => {
  it('keeps whole numbers', () => {
    expect(toCount('3')).toBe(3);
    expect(toCount('0')).toBe(0);
    expect(toCount('12')).toBe(12);
  });

  it('turns anything non-numeric into 0', () => {
    expect(toCount('')).toBe(0);
    expect(toCount('abc')).toBe(0);
    expect(toCount('e')).toBe(0);
    expect(toCount('  ')).toBe(0);
  });

  it('never goes below the minimum', () => {
    expect(toCount('-4')).toBe(0);
    expect(toCount('-4', { min: 1 })).toBe(1);
    expect(toCount('x', { min: 1 })).toBe(1);
  });

  it('drops fractions and respects a maximum', () => {
    expect(toCount('2.7')).toBe(2);
    expect(toCount('20', { min: 1, max: 13 })).toBe(13);
  });
});
