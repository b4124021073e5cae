/**
 * Jordan's whole experiment, for the Progress tab's stories: his ten seeded days
 * (mocks/fixtures/reflections.ts), then the same ten again for days 11 to 90, a little better each
 * month (mood and the two scores up, conflicts down, more better responses), with eleven days
 * missed. Fixed numbers, so the pictures are the same every run.
 */
import type { Member, Reflection } from '@prr/contract';
import { addDays, promptForDay, reflectionView, type StoredReflection } from '@prr/domain';
import { reflections } from '@prr/mocks/fixtures';
import { jordan } from '../../storyData';

const DAY_MS = 86_400_000;

/** Jordan on his last day. */
export const jordanOnDay90: Member = { ...jordan, currentDay: 90 };

/** The days without a reflection: a weekend away, a week of flu, odd days. */
export const MISSED_DAYS: ReadonlySet<number> = new Set([17, 18, 33, 41, 42, 43, 44, 58, 71, 72, 86]);

const score = (value: number) => Math.min(10, Math.max(1, value));

function dayLike(seed: StoredReflection, day: number): StoredReflection {
  const first = reflections[0] ?? seed;
  // 0 in the first month, 1 in the second, 2 in the third.
  const month = Math.floor((day - 1) / 30);
  return {
    ...seed,
    id: `${seed.id.slice(0, -4)}${String(day).padStart(4, '0')}`,
    day,
    date: addDays(first.date, day - 1),
    savedAt: new Date(Date.parse(first.savedAt) + (day - 1) * DAY_MS).toISOString(),
    paused: seed.paused || month === 2,
    retried: seed.retried || (month > 0 && day % 3 === 0),
    mood: score(seed.mood + month),
    empathyScore: score(seed.empathyScore + (month === 2 ? 1 : 0)),
    selfAwarenessScore: score(seed.selfAwarenessScore + month),
    conflictCount: Math.max(0, seed.conflictCount - month),
    successfulResponses: seed.successfulResponses + month,
    exerciseType: promptForDay(day)?.exerciseType ?? '',
  };
}

/** Every day Jordan reflected on, newest first as the API answers: 79 of the 90. */
export const ninetyDays: Reflection[] = Array.from({ length: 90 }, (_, index) => index + 1)
  .filter((day) => !MISSED_DAYS.has(day))
  .map((day) => {
    const seed = reflections[(day - 1) % reflections.length];
    if (!seed) throw new Error('The fixtures hold no reflection');
    return reflectionView(day <= reflections.length ? seed : dayLike(seed, day));
  })
  .reverse();
