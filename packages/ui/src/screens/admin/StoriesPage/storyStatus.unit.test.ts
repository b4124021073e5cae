import { describe, expect, it } from 'vitest';
import { statusFrom, storyCount } from './storyStatus';

describe('the Stories page lists', () => {
  it('reads the list from the address, pending by default', () => {
    expect(statusFrom(new URLSearchParams('status=approved'))).toBe('approved');
    expect(statusFrom(new URLSearchParams('status=rejected'))).toBe('rejected');
    expect(statusFrom(new URLSearchParams(''))).toBe('pending');
    expect(statusFrom(new URLSearchParams('status=everything'))).toBe('pending');
  });

  it('counts in words', () => {
    expect(storyCount('pending', 1)).toBe('1 story waiting for review');
    expect(storyCount('pending', 3)).toBe('3 stories waiting for review');
    expect(storyCount('approved', 1)).toBe('1 approved story');
    expect(storyCount('rejected', 0)).toBe('0 rejected stories');
  });
});
