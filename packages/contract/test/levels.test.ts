import { describe, expect, it } from 'vitest';
import {
  LEVEL_KEYS,
  LEVEL_THRESHOLDS,
  isLevelReached,
  levelForPoints,
  levelProgress,
  nextLevel,
} from '../src/levels.js';

describe('levelForPoints', () => {
  it.each([
    [0, 'Prospect'],
    [9, 'Prospect'],
    [10, 'Explorer'],
    [25, 'Explorer'],
    [49, 'Explorer'],
    [50, 'Agent'],
    [149, 'Agent'],
    [150, 'Advocate'],
    [299, 'Advocate'],
    [300, 'Guardian'],
    [10_000, 'Guardian'],
  ] as const)('%i points is %s', (points, level) => {
    expect(levelForPoints(points)).toBe(level);
  });

  it('gives every level exactly at its threshold', () => {
    for (const key of LEVEL_KEYS) expect(levelForPoints(LEVEL_THRESHOLDS[key])).toBe(key);
  });
});

describe('levelProgress', () => {
  it('is the share of the way from this threshold to the next', () => {
    // Explorer 10 -> Agent 50: 25 points is 15 of 40.
    expect(levelProgress('Explorer', 25)).toEqual({ next: 'Agent', percent: 37.5, remaining: 25 });
  });

  it('starts at 0 on reaching a level', () => {
    expect(levelProgress('Agent', 50)).toEqual({ next: 'Advocate', percent: 0, remaining: 100 });
  });

  it('is capped at 100 when the points already pass the next threshold', () => {
    expect(levelProgress('Prospect', 80)).toEqual({ next: 'Explorer', percent: 100, remaining: 0 });
  });

  it('never goes below 0', () => {
    expect(levelProgress('Advocate', 100).percent).toBe(0);
  });

  it('has no next level after Guardian', () => {
    expect(levelProgress('Guardian', 300)).toEqual({ next: null, percent: 100, remaining: 0 });
    expect(nextLevel('Guardian')).toBeNull();
  });
});

describe('isLevelReached', () => {
  it('counts the levels up to and including the current one', () => {
    expect(LEVEL_KEYS.filter((level) => isLevelReached(level, 'Agent'))).toEqual(['Prospect', 'Explorer', 'Agent']);
  });
});
