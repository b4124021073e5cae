/** Daily reflections: one per day of the experiment, points for the first, achievements after. */
import { randomUUID } from 'node:crypto';
import { POINTS, newestFirst, type Reflection, type ReflectionRequest, type ReflectionSaved } from '@prr/contract';
import { fieldError } from '../errors.js';
import type { Repo } from '../store/repo.js';
import type { StoredReflection } from '../store/schema.js';
import { achievementRecord, achievementView, newlyEarned } from './achievements.js';
import { currentDay, requireMember } from './members.js';
import { addPoints, standing } from './points.js';

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
    reflectionPrompt: r.reflectionPrompt,
    exerciseType: r.exerciseType,
    completedExercises: r.completedExercises,
  };
}

/** Newest first, as the dashboard reads them. */
export function listReflections(repo: Repo, memberId: string): Reflection[] {
  requireMember(repo, memberId);
  return newestFirst(repo.reflectionsOf(memberId)).map(reflectionView);
}

/**
 * Saves the member's reflection for `input.day`. The day must be one the member has reached.
 * Saving a day again updates that day's reflection and is worth no points. All checks happen
 * before the first change, so a refused save leaves memory untouched (Store.mutate relies on it).
 */
export function saveReflection(repo: Repo, input: ReflectionRequest, now: Date): ReflectionSaved {
  const member = requireMember(repo, input.memberId);
  const today = currentDay(member, now);
  if (input.day < 1 || input.day > today) {
    throw fieldError('day', `Day must be between 1 and ${today}, the member's current day`);
  }

  const savedAt = now.toISOString();
  const { memberId: _ignored, ...fields } = input;
  let pointsAwarded = 0;
  let reflection = repo.reflectionsOf(member.id).find((r) => r.day === input.day);
  if (reflection) {
    Object.assign(reflection, fields, { savedAt });
  } else {
    reflection = { id: randomUUID(), memberId: member.id, ...fields, savedAt };
    repo.addReflection(reflection);
    pointsAwarded += POINTS.dailyReflection;
  }

  const earned = newlyEarned(repo.reflectionsOf(member.id), repo.achievementsOf(member.id)).map((rule) =>
    achievementRecord(rule, member.id, input.day, now),
  );
  for (const achievement of earned) {
    repo.addAchievement(achievement);
    pointsAwarded += achievement.points;
  }
  addPoints(member, pointsAwarded);

  return {
    reflection: reflectionView(reflection),
    pointsAwarded,
    newAchievements: earned.map(achievementView),
    ...standing(member),
  };
}
