import { describe, expect, it } from 'vitest';
import {
  betterResponses,
  dashboardFigures,
  dayStreak,
  daysRemaining,
  hasAchievement,
  highMoodDays,
  newestFirst,
  progressPercent,
  recentReflections,
  successfulResponseDays,
  timesPaused,
  totalAchievementPoints,
} from '../src/dashboardFigures.js';

type Entry = { day: number; date: string; paused: boolean; mood: number; successfulResponses: number };

/** Reflections for days 1..n, oldest first; `overrides` by day. */
function days(n: number, overrides: Record<number, Partial<Entry>> = {}): Entry[] {
  return Array.from({ length: n }, (_, i) => ({
    day: i + 1,
    date: `2025-09-${String(i + 1).padStart(2, '0')}`,
    paused: true,
    mood: 5,
    successfulResponses: 1,
    ...overrides[i + 1],
  }));
}

describe('progress', () => {
  it('rounds currentDay / 90 to a whole percent', () => {
    expect(progressPercent(1)).toBe(1);
    expect(progressPercent(10)).toBe(11);
    expect(progressPercent(45)).toBe(50);
  });

  it('is 100% with 0 days remaining on day 90', () => {
    expect(progressPercent(90)).toBe(100);
    expect(daysRemaining(90)).toBe(0);
  });

  it('counts the days remaining', () => {
    expect(daysRemaining(1)).toBe(89);
  });
});

describe('dayStreak', () => {
  it('is 0 without reflections', () => {
    expect(dayStreak([])).toBe(0);
  });

  it('is 7 when the latest 7 are all paused, however many there are', () => {
    expect(dayStreak(days(10))).toBe(7);
  });

  it('is 0 when the newest is not paused', () => {
    expect(dayStreak(days(10, { 10: { paused: false } }))).toBe(0);
  });

  it('counts paused reflections from the newest until the first that is not', () => {
    expect(dayStreak(days(10, { 8: { paused: false } }))).toBe(2);
  });

  it('reads newest by day, whatever the order given', () => {
    expect(dayStreak(days(3, { 1: { paused: false } }).reverse())).toBe(2);
  });
});

describe('counts over all reflections', () => {
  const entries = days(5, {
    1: { paused: false, mood: 7, successfulResponses: 0 },
    2: { mood: 6, successfulResponses: 2 },
    3: { mood: 9, successfulResponses: 3 },
    4: { paused: false, mood: 10, successfulResponses: 1 },
  });

  it('counts the paused ones', () => {
    expect(timesPaused(entries)).toBe(3);
  });

  it('sums successful responses', () => {
    expect(betterResponses(entries)).toBe(7);
  });

  it('counts high-mood days as mood 7 or more', () => {
    expect(highMoodDays(entries)).toBe(3);
  });

  it('counts successful days as 2 or more successful responses', () => {
    expect(successfulResponseDays(entries)).toBe(2);
  });

  it('gathers them in dashboardFigures', () => {
    expect(dashboardFigures(5, entries)).toEqual({
      currentDay: 5,
      progressPercent: 6,
      daysRemaining: 85,
      dayStreak: 1,
      timesPaused: 3,
      betterResponses: 7,
    });
  });

  it('answers zeros without reflections', () => {
    expect(dashboardFigures(1, [])).toMatchObject({ dayStreak: 0, timesPaused: 0, betterResponses: 0 });
    expect(highMoodDays([])).toBe(0);
    expect(successfulResponseDays([])).toBe(0);
  });
});

describe('ordering', () => {
  it('sorts newest first by day, then date', () => {
    const sorted = newestFirst([
      { day: 1, date: '2025-09-01' },
      { day: 3, date: '2025-09-03' },
      { day: 2, date: '2025-09-02' },
    ]);
    expect(sorted.map((r) => r.day)).toEqual([3, 2, 1]);
  });

  it('keeps the latest 7 for recent progress', () => {
    expect(recentReflections(days(10)).map((r) => r.day)).toEqual([10, 9, 8, 7, 6, 5, 4]);
  });
});

describe('achievements', () => {
  const earned = [
    { points: 50, achievementType: 'week_streak' as const },
    { points: 100, achievementType: 'empathy_champion' as const },
  ];

  it('totals the points', () => {
    expect(totalAchievementPoints(earned)).toBe(150);
    expect(totalAchievementPoints([])).toBe(0);
  });

  it('knows which types are earned', () => {
    expect(hasAchievement(earned.slice(0, 1), 'week_streak')).toBe(true);
    expect(hasAchievement(earned.slice(0, 1), 'empathy_champion')).toBe(false);
  });
});
