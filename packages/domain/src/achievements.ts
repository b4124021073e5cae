/**
 * The achievements: one catalogue of what each is (title, description, icon, category, points)
 * and when it is earned, decided on the member's reflections after each save. Each is awarded at
 * most once and never taken back. The dashboard's 'Coming Up Next' cards read the same catalogue.
 */
import {
  EMPATHY_CHAMPION_MIN_SCORE,
  POINTS,
  RECENT_DAYS,
  newestFirst,
  type Achievement,
  type AchievementCategory,
  type AchievementType,
} from '@prr/contract';
import { requireMember } from './members.js';
import type { DomainReads } from './ports.js';
import type { StoredAchievement, StoredReflection } from './records.js';

type ReflectionFacts = Pick<StoredReflection, 'day' | 'date' | 'paused' | 'empathyScore'>;

export interface AchievementDefinition {
  type: AchievementType;
  title: string;
  /** What the member did, as the earned badge says it. */
  description: string;
  /** What earns it, as the 'Coming Up Next' card asks it. */
  goal: string;
  /** An icon name of the UI's set; the UI draws a trophy for one it does not know. */
  icon: string;
  category: AchievementCategory;
  points: number;
  /** Given the member's latest RECENT_DAYS reflections, newest first. */
  earned(latest: readonly ReflectionFacts[]): boolean;
}

const DEFINITIONS = {
  week_streak: {
    type: 'week_streak',
    title: 'Week Warrior',
    description: 'Paused before reacting on seven days in a row.',
    goal: 'Pause before reacting 7 days in a row',
    icon: 'flame',
    category: 'consistency',
    points: POINTS.weekWarrior,
    // Seven reflections on seven consecutive days ending with the newest, all paused.
    earned: (latest) =>
      latest.length === RECENT_DAYS && latest.every((r, i) => r.paused && r.day === latest[0]!.day - i),
  },
  empathy_champion: {
    type: 'empathy_champion',
    title: 'Empathy Champion',
    description: `Kept an empathy score of ${EMPATHY_CHAMPION_MIN_SCORE} or more across seven reflections.`,
    goal: 'Maintain high empathy scores',
    icon: 'heart',
    category: 'empathy',
    points: POINTS.empathyChampion,
    earned: (latest) =>
      latest.length === RECENT_DAYS && latest.every((r) => r.empathyScore >= EMPATHY_CHAMPION_MIN_SCORE),
  },
} satisfies Record<AchievementType, AchievementDefinition>;

/** The catalogue, in the order one save awards them. */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = Object.values(DEFINITIONS);

export const achievementDefinition = (type: AchievementType): AchievementDefinition => DEFINITIONS[type];

/** The definitions newly met by these reflections that the member does not already hold. */
export function newlyEarned(
  reflections: readonly ReflectionFacts[],
  held: readonly Pick<StoredAchievement, 'achievementType'>[],
): AchievementDefinition[] {
  const latest = newestFirst(reflections).slice(0, RECENT_DAYS);
  const heldTypes = new Set(held.map((a) => a.achievementType));
  return ACHIEVEMENTS.filter((definition) => !heldTypes.has(definition.type) && definition.earned(latest));
}

/** The stored record of an achievement earned on `dayEarned`, awarded at `now`. */
export function achievementRecord(
  definition: AchievementDefinition,
  memberId: string,
  dayEarned: number,
  now: Date,
): StoredAchievement {
  return {
    id: crypto.randomUUID(),
    memberId,
    title: definition.title,
    description: definition.description,
    icon: definition.icon,
    category: definition.category,
    dayEarned,
    points: definition.points,
    achievementType: definition.type,
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
    // The category belongs to the type; the stored copy is the same for every record written so far.
    category: achievementDefinition(a.achievementType).category,
    dayEarned: a.dayEarned,
    points: a.points,
    achievementType: a.achievementType,
  };
}

/** The member's achievements, oldest first: the order they were earned in (the store's order). */
export async function listAchievements(store: DomainReads, memberId: string): Promise<Achievement[]> {
  await requireMember(store, memberId);
  return (await store.achievementsOf(memberId)).map(achievementView);
}
