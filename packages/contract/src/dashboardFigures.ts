/** The member dashboard's derived figures (docs/product/rules.md#dashboard-figures), computed in one place. */
import { EXPERIMENT_DAYS, RECENT_DAYS } from './constants.js';
import type { Achievement, AchievementType, DashboardFigures, Reflection } from './schemas.js';

type ReflectionLike = Pick<Reflection, 'day' | 'date' | 'paused' | 'mood' | 'successfulResponses'>;

/** Newest first: by day, then by date. */
export function newestFirst<T extends Pick<Reflection, 'day' | 'date'>>(reflections: readonly T[]): T[] {
  return [...reflections].sort((a, b) => b.day - a.day || b.date.localeCompare(a.date));
}

export function progressPercent(currentDay: number): number {
  return Math.round((currentDay / EXPERIMENT_DAYS) * 100);
}

export function daysRemaining(currentDay: number): number {
  return Math.max(0, EXPERIMENT_DAYS - currentDay);
}

/**
 * Consecutive paused reflections counted from the newest, among the latest 7
 * (so 7 when all 7 are paused). The reading that agrees with Week Warrior (docs/decisions/011-achievements-and-streak.md).
 */
export function dayStreak(reflections: readonly ReflectionLike[]): number {
  let streak = 0;
  for (const r of newestFirst(reflections).slice(0, RECENT_DAYS)) {
    if (!r.paused) break;
    streak += 1;
  }
  return streak;
}

export function timesPaused(reflections: readonly ReflectionLike[]): number {
  return reflections.filter((r) => r.paused).length;
}

export function betterResponses(reflections: readonly ReflectionLike[]): number {
  return reflections.reduce((sum, r) => sum + r.successfulResponses, 0);
}

export function recentReflections<T extends Pick<Reflection, 'day' | 'date'>>(reflections: readonly T[]): T[] {
  return newestFirst(reflections).slice(0, RECENT_DAYS);
}

export function highMoodDays(reflections: readonly ReflectionLike[]): number {
  return reflections.filter((r) => r.mood >= 7).length;
}

export function successfulResponseDays(reflections: readonly ReflectionLike[]): number {
  return reflections.filter((r) => r.successfulResponses >= 2).length;
}

export function totalAchievementPoints(achievements: readonly Pick<Achievement, 'points'>[]): number {
  return achievements.reduce((sum, a) => sum + a.points, 0);
}

export function hasAchievement(
  achievements: readonly Pick<Achievement, 'achievementType'>[],
  type: AchievementType,
): boolean {
  return achievements.some((a) => a.achievementType === type);
}

/** The figures of the member's day alone, known without their reflections. */
export function dayFigures(
  currentDay: number,
): Pick<DashboardFigures, 'currentDay' | 'progressPercent' | 'daysRemaining'> {
  return { currentDay, progressPercent: progressPercent(currentDay), daysRemaining: daysRemaining(currentDay) };
}

export function dashboardFigures(currentDay: number, reflections: readonly ReflectionLike[]): DashboardFigures {
  return {
    ...dayFigures(currentDay),
    dayStreak: dayStreak(reflections),
    timesPaused: timesPaused(reflections),
    betterResponses: betterResponses(reflections),
  };
}
