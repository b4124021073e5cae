/**
 * Reflections and the rules that ride on saving one (DESIGN.md Product decisions): a day between 1
 * and the member's current day, +2 points for a day's first save, a second save of the day updates
 * it for no points, and the two achievements awarded at most once each.
 */
import {
  EMPATHY_CHAMPION_MIN_SCORE,
  POINTS,
  RECENT_DAYS,
  api,
  hasAchievement,
  levelForPoints,
  newestFirst,
  type Achievement,
  type AchievementType,
  type Reflection,
} from '@prr/contract';
import { handle } from '../contractHandler.js';
import { currentDay, mockDb, requireSignedIn } from '../db.js';
import { failField } from '../errors.js';
import { achievementFor, type MockMember } from '../fixtures/index.js';

/** When each achievement is due, given the member's reflections newest first. */
const AWARD_RULES: Record<AchievementType, (latest: readonly Reflection[]) => boolean> = {
  // The latest 7 days: seven reflections on consecutive days, every one paused.
  week_streak: (latest) =>
    latest.length === RECENT_DAYS && latest.every((r, i) => r.paused && r.day === (latest[0]?.day ?? 0) - i),
  // The latest 7 reflections all with high empathy.
  empathy_champion: (latest) =>
    latest.length === RECENT_DAYS && latest.every((r) => r.empathyScore >= EMPATHY_CHAMPION_MIN_SCORE),
};

function awardAchievements(member: MockMember): Achievement[] {
  const owned = mockDb.achievements.filter((a) => a.memberId === member.id);
  const latest = newestFirst(mockDb.reflections.filter((r) => r.memberId === member.id)).slice(0, RECENT_DAYS);
  const earned = (Object.keys(AWARD_RULES) as AchievementType[])
    .filter((type) => !hasAchievement(owned, type) && AWARD_RULES[type](latest))
    .map((type) => achievementFor(member.id, type, currentDay(member), crypto.randomUUID()));
  mockDb.achievements.push(...earned);
  return earned;
}

export const reflectionHandlers = [
  handle(api.reflections, ({ memberId }) => {
    const member = requireSignedIn(memberId);
    return newestFirst(mockDb.reflections.filter((r) => r.memberId === member.id));
  }),

  handle(api.saveReflection, ({ memberId, body }) => {
    const member = requireSignedIn(memberId);
    const today = currentDay(member);
    if (body.day > today) failField('day', `Day must be between 1 and ${today}`);

    const existing = mockDb.reflections.find((r) => r.memberId === member.id && r.day === body.day);
    const reflection: Reflection = existing
      ? Object.assign(existing, body)
      : { id: crypto.randomUUID(), memberId: member.id, ...body };
    if (!existing) mockDb.reflections.push(reflection);

    const newAchievements = awardAchievements(member);
    // Everything this save earned: the day's first reflection plus any achievement it unlocked.
    const pointsAwarded =
      (existing ? 0 : POINTS.dailyReflection) + newAchievements.reduce((sum, a) => sum + a.points, 0);
    member.points += pointsAwarded;

    return {
      reflection,
      pointsAwarded,
      newAchievements,
      peacemakerLevel: levelForPoints(member.points),
      levelProgressPoints: member.points,
    };
  }),
];
