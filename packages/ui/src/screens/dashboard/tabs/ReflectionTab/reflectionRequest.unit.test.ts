import { REFLECTION_DEFAULTS } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { buildReflectionRequest, completedExercises, localIsoDate } from './reflectionRequest';

const member = { id: '7c1f0a52-3a8e-4d4e-9b7c-2f1e8d9a6b10', currentDay: 10 };
const prompt = {
  prompt: 'Find one value you share with someone you argue with.',
  exerciseType: 'perspective-taking',
} as const;

describe('completedExercises', () => {
  it('counts the practice toggles that are on, 0 to 3', () => {
    expect(completedExercises(REFLECTION_DEFAULTS)).toBe(0);
    expect(completedExercises({ gratitudePractice: true, breathingExercise: false, perspectiveTaking: false })).toBe(1);
    expect(completedExercises({ gratitudePractice: true, breathingExercise: true, perspectiveTaking: true })).toBe(3);
  });
});

describe('localIsoDate', () => {
  it('formats the local calendar day with zero padding', () => {
    expect(localIsoDate(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
    expect(localIsoDate(new Date(2025, 11, 31, 0, 1))).toBe('2025-12-31');
  });
});

describe('buildReflectionRequest', () => {
  it('sends the current day, the local date, every field, the prompt and the exercise count, never the member', () => {
    const fields = { ...REFLECTION_DEFAULTS, paused: true, mood: 8, breathingExercise: true, perspectiveTaking: true };
    expect(buildReflectionRequest(member, fields, prompt, new Date(2025, 9, 6, 9))).toEqual({
      ...fields,
      day: 10,
      date: '2025-10-06',
      reflectionPrompt: prompt.prompt,
      exerciseType: prompt.exerciseType,
      completedExercises: 2,
    });
  });

  it('sends empty prompt texts when the prompt could not be loaded', () => {
    const body = buildReflectionRequest(member, REFLECTION_DEFAULTS, undefined);
    expect(body.reflectionPrompt).toBe('');
    expect(body.exerciseType).toBe('');
  });

  it("raises 'Member not found' without a member", () => {
    expect(() => buildReflectionRequest(undefined, REFLECTION_DEFAULTS, prompt)).toThrow('Member not found');
    expect(() => buildReflectionRequest(null, REFLECTION_DEFAULTS, prompt)).toThrow('Member not found');
  });
});
