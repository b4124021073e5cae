import { describe, expect, it } from 'vitest';
import { Achievement, AchievementCategory, AchievementType, POINTS } from '@prr/contract';
import {
  ACHIEVEMENTS,
  achievementDefinition,
  achievementRecord,
  achievementView,
  newlyEarned,
} from '../src/achievements.js';
import { StoredAchievement } from '../src/records.js';

const day = (n: number, paused: boolean, empathyScore: number) => ({
  day: n,
  date: `2026-03-${String(n).padStart(2, '0')}`,
  paused,
  empathyScore,
});

describe('the achievement catalogue', () => {
  it('defines every achievement type once, with the contract category and its points', () => {
    expect(ACHIEVEMENTS.map((a) => a.type)).toEqual(AchievementType.options);
    for (const definition of ACHIEVEMENTS) {
      expect(AchievementCategory.options).toContain(definition.category);
      expect(achievementDefinition(definition.type)).toBe(definition);
    }
    expect(achievementDefinition('week_streak')).toMatchObject({
      title: 'Week Warrior',
      category: 'consistency',
      icon: 'flame',
      points: POINTS.weekWarrior,
    });
    expect(achievementDefinition('empathy_champion')).toMatchObject({
      title: 'Empathy Champion',
      category: 'empathy',
      icon: 'heart',
      points: POINTS.empathyChampion,
    });
  });

  it('makes a stored record whose view is what the contract answers', () => {
    const record = achievementRecord(
      achievementDefinition('week_streak'),
      '0f8b8c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00',
      7,
      new Date('2026-03-08T20:00:00Z'),
    );
    expect(StoredAchievement.parse(record)).toEqual(record);
    const view = achievementView(record);
    expect(Achievement.parse(view)).toEqual(view);
    expect(view).toMatchObject({
      title: 'Week Warrior',
      description: 'Paused before reacting on seven days in a row.',
      category: 'consistency',
      dayEarned: 7,
      points: 50,
    });
  });
});

describe('newlyEarned', () => {
  const week = (paused: (n: number) => boolean, empathy: (n: number) => number) =>
    Array.from({ length: 7 }, (_, i) => day(i + 1, paused(i + 1), empathy(i + 1)));

  it('awards Week Warrior for seven paused consecutive days, and not what is held already', () => {
    expect(
      newlyEarned(
        week(
          () => true,
          () => 5,
        ),
        [],
      ).map((d) => d.type),
    ).toEqual(['week_streak']);
    expect(
      newlyEarned(
        week(
          () => true,
          () => 5,
        ),
        [{ achievementType: 'week_streak' }],
      ),
    ).toEqual([]);
    expect(
      newlyEarned(
        week(
          (n) => n !== 3,
          () => 5,
        ),
        [],
      ),
    ).toEqual([]);
    const gap = [
      ...week(
        () => true,
        () => 5,
      ).filter((r) => r.day !== 4),
      day(8, true, 5),
    ];
    expect(newlyEarned(gap, [])).toEqual([]);
  });

  it('awards Empathy Champion when the latest seven all score 8 or more, both in catalogue order', () => {
    expect(
      newlyEarned(
        week(
          () => false,
          () => 8,
        ),
        [],
      ).map((d) => d.type),
    ).toEqual(['empathy_champion']);
    expect(
      newlyEarned(
        week(
          () => false,
          (n) => (n === 4 ? 7 : 9),
        ),
        [],
      ),
    ).toEqual([]);
    expect(
      newlyEarned(
        week(
          () => true,
          () => 9,
        ),
        [],
      ).map((d) => d.type),
    ).toEqual(['week_streak', 'empathy_champion']);
  });

  it('looks at the latest seven only', () => {
    const older = day(1, false, 2);
    const latest = Array.from({ length: 7 }, (_, i) => day(i + 2, true, 9));
    expect(newlyEarned([older, ...latest], []).map((d) => d.type)).toEqual(['week_streak', 'empathy_champion']);
    expect(newlyEarned(latest.slice(1), [])).toEqual([]);
  });
});
