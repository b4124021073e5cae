/** What the reflection form sends (docs/product/api.md#member-data), built in one pure, tested place. */
import {
  MAX_COMPLETED_EXERCISES,
  type Member,
  type ReflectionFields,
  type ReflectionPrompt,
  type ReflectionRequest,
} from '@prr/contract';
import { requireMember } from '../../memberRequired';

/** The three practice toggles; completedExercises counts how many are on (0 to 3). */
export const PRACTICES = ['gratitudePractice', 'breathingExercise', 'perspectiveTaking'] as const;

export function completedExercises(fields: Pick<ReflectionFields, (typeof PRACTICES)[number]>): number {
  return Math.min(MAX_COMPLETED_EXERCISES, PRACTICES.filter((key) => fields[key]).length);
}

/** YYYY-MM-DD in the browser's own time zone (not UTC: an evening reflection belongs to today). */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The member is not in the body: the server takes them from the session (the day is theirs). */
export function buildReflectionRequest(
  member: Pick<Member, 'currentDay'> | null | undefined,
  fields: ReflectionFields,
  prompt: Pick<ReflectionPrompt, 'prompt' | 'exerciseType'> | undefined,
  now: Date = new Date(),
): ReflectionRequest {
  const { currentDay } = requireMember(member);
  return {
    day: currentDay,
    date: localIsoDate(now),
    ...fields,
    reflectionPrompt: prompt?.prompt ?? '',
    exerciseType: prompt?.exerciseType ?? '',
    completedExercises: completedExercises(fields),
  };
}
