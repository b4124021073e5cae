/**
 * Daily reflections: one per day of the experiment, +2 points for a day's first save, and the
 * achievements decided after each save.
 */
import {
  POINTS,
  RECENT_DAYS,
  ReflectionExercise,
  newestFirst,
  type Reflection,
  type ReflectionRequest,
  type ReflectionSaved,
} from '@prr/contract';
import { achievementRecord, achievementView, newlyEarned } from './achievements.js';
import { fieldError } from './errors.js';
import { currentDay, requireMember } from './members.js';
import { standing, withPoints } from './points.js';
import type { DomainReads, DomainWrites } from './ports.js';
import { promptForDay } from './prompts.js';
import type { StoredReflection } from './records.js';

/**
 * The prompt a reflection answered is stored only when it is not the day's own: the rules know
 * that text (up to 2 kB), and 90 copies per member made up much of the server's data file.
 */
export function compactPrompt(day: number, reflectionPrompt: string | undefined): string | undefined {
  return reflectionPrompt === promptForDay(day)?.prompt ? undefined : reflectionPrompt;
}

const promptOf = (r: Pick<StoredReflection, 'day' | 'reflectionPrompt'>): string =>
  r.reflectionPrompt ?? promptForDay(r.day)?.prompt ?? '';

/** A stored exercise outside the contract's set (possible before it was closed) reads as none. */
const exerciseOf = (r: Pick<StoredReflection, 'exerciseType'>): ReflectionExercise => {
  const parsed = ReflectionExercise.safeParse(r.exerciseType);
  return parsed.success ? parsed.data : '';
};

export function reflectionView(r: StoredReflection): Reflection {
  return {
    id: r.id,
    memberId: r.memberId,
    day: r.day,
    date: r.date,
    paused: r.paused,
    reflected: r.reflected,
    retried: r.retried,
    notes: r.notes,
    mood: r.mood,
    conflictCount: r.conflictCount,
    successfulResponses: r.successfulResponses,
    promptResponse: r.promptResponse,
    gratitudePractice: r.gratitudePractice,
    breathingExercise: r.breathingExercise,
    perspectiveTaking: r.perspectiveTaking,
    empathyScore: r.empathyScore,
    selfAwarenessScore: r.selfAwarenessScore,
    reflectionPrompt: promptOf(r),
    exerciseType: exerciseOf(r),
    completedExercises: r.completedExercises,
    savedAt: r.savedAt,
  };
}

/** Newest first, as the dashboard reads them. */
export async function listReflections(store: DomainReads, memberId: string): Promise<Reflection[]> {
  await requireMember(store, memberId);
  return newestFirst(await store.reflectionsOf(memberId)).map(reflectionView);
}

/**
 * Saves the member's reflection for `input.day` with its points and achievements (one transaction
 * on the server). The day must be one the member has reached. Saving a day again updates that
 * day's reflection and is worth no points. An achievement's dayEarned is the day of the reflection
 * whose save earned it.
 */
export async function saveReflection(
  tx: DomainWrites,
  memberId: string,
  input: ReflectionRequest,
  now: Date,
): Promise<ReflectionSaved> {
  const member = await requireMember(tx, memberId);
  const today = currentDay(member, now);
  if (input.day < 1 || input.day > today) {
    throw fieldError('day', `Day must be between 1 and ${today}, the member's current day`);
  }

  const { reflectionPrompt, ...fields } = input;
  const previous = await tx.reflectionOn(member.id, input.day);
  const prompt = compactPrompt(input.day, reflectionPrompt);
  const reflection: StoredReflection = {
    id: previous?.id ?? crypto.randomUUID(),
    ...fields,
    // The session's member after the input: nothing in it can name another member.
    memberId: member.id,
    ...(prompt === undefined ? {} : { reflectionPrompt: prompt }),
    savedAt: now.toISOString(),
  };
  await tx.upsertReflection(reflection);
  let pointsAwarded = previous ? 0 : POINTS.dailyReflection;

  // The rules look at the latest RECENT_DAYS only: reading all 90 under the member's lock cost a
  // third of a save on PostgreSQL.
  const [latest, held] = await Promise.all([
    tx.latestReflections(member.id, RECENT_DAYS),
    tx.achievementsOf(member.id),
  ]);
  const earned = newlyEarned(latest, held).map((definition) =>
    achievementRecord(definition, member.id, input.day, now),
  );
  for (const achievement of earned) {
    await tx.insertAchievement(achievement);
    pointsAwarded += achievement.points;
  }
  const points = withPoints(member, pointsAwarded);
  if (pointsAwarded > 0) await tx.updateMember(member.id, points);

  return {
    reflection: reflectionView(reflection),
    pointsAwarded,
    newAchievements: earned.map(achievementView),
    ...standing(points),
  };
}
