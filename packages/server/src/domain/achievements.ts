/**
 * The two achievements of DESIGN.md, decided on the member's reflections after each save.
 * Each is awarded at most once and never taken back.
 */
import { randomUUID } from 'node:crypto';
import {
  EMPATHY_CHAMPION_MIN_SCORE,
  POINTS,
  RECENT_DAYS,
  newestFirst,
  type Achievement,
  type AchievementType,
} from '@prr/contract';
import type { StoredAchievement, StoredReflection } from '../store/schema.js';

type ReflectionFacts = Pick<StoredReflection, 'day' | 'date' | 'paused' | 'empathyScore'>;

interface AchievementRule {
  type: AchievementType;
  title: string;
  description: string;
  icon: string;
  category: string;
  points: number;
  /** Reflections newest first, the latest RECENT_DAYS of them. */
  earned(latest: readonly ReflectionFacts[]): boolean;
}

export const ACHIEVEMENT_RULES: readonly AchievementRule[] = [
  {
    type: 'week_streak',
    title: 'Week Warrior',
    description: 'Paused before reacting on seven days in a row.',
    icon: 'flame',
    category: 'consistency',
    points: POINTS.weekWarrior,
    // Seven reflections on seven consecutive days ending with the newest, all paused.
    earned: (latest) =>
      latest.length === RECENT_DAYS && latest.every((r, i) => r.paused && r.day === latest[0]!.day - i),
  },
  {
    type: 'empathy_champion',
    title: 'Empathy Champion',
    description: `Kept an empathy score of ${EMPATHY_CHAMPION_MIN_SCORE} or more across seven reflections.`,
    icon: 'heart',
    category: 'empathy',
    points: POINTS.empathyChampion,
    earned: (latest) =>
      latest.length === RECENT_DAYS && latest.every((r) => r.empathyScore >= EMPATHY_CHAMPION_MIN_SCORE),
  },
];

/** The rules newly met by these reflections that the member does not already hold. */
export function newlyEarned(
  reflections: readonly ReflectionFacts[],
  held: readonly Pick<StoredAchievement, 'achievementType'>[],
): AchievementRule[] {
  const latest = newestFirst(reflections).slice(0, RECENT_DAYS);
  const heldTypes = new Set(held.map((a) => a.achievementType));
  return ACHIEVEMENT_RULES.filter((rule) => !heldTypes.has(rule.type) && rule.earned(latest));
}

export function achievementRecord(rule: AchievementRule, memberId: string, dayEarned: number, now: Date): StoredAchievement {
  return {
    id: randomUUID(),
    memberId,
    title: rule.title,
    description: rule.description,
    icon: rule.icon,
    category: rule.category,
    dayEarned,
    points: rule.points,
    achievementType: rule.type,
    awardedAt: now.toISOString(),
  };
}

export function achievementView(a: StoredAchievement): Achievement {
  return {
    id: a.id,
    memberId: a.memberId,
    title: a.title,
    description: a.description,
    icon: a.icon,
    category: a.category,
    dayEarned: a.dayEarned,
    points: a.points,
    achievementType: a.achievementType,
  };
}

/** Oldest first, the order they were earned in (the store's order). */
export function listAchievements(achievements: readonly StoredAchievement[]): Achievement[] {
  return achievements.map(achievementView);
}
