import { describe, expect, it } from 'vitest';
import { ReflectionPrompt } from '@prr/contract';
import { REFLECTION_PROMPTS, promptForDay, requirePrompt } from '../src/prompts.js';

describe('reflection prompts', () => {
  it('has 90 valid prompts, one per day, each different', () => {
    expect(REFLECTION_PROMPTS).toHaveLength(90);
    REFLECTION_PROMPTS.forEach((prompt, i) => {
      expect(ReflectionPrompt.parse(prompt)).toEqual(prompt);
      expect(prompt.day).toBe(i + 1);
      expect(prompt.prompt.length).toBeGreaterThan(40);
    });
    expect(new Set(REFLECTION_PROMPTS.map((p) => p.title)).size).toBe(90);
    expect(new Set(REFLECTION_PROMPTS.map((p) => p.prompt)).size).toBe(90);
  });

  it('is varied: several categories, exercise types and all three difficulties', () => {
    expect(new Set(REFLECTION_PROMPTS.map((p) => p.category)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(REFLECTION_PROMPTS.map((p) => p.exerciseType)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(REFLECTION_PROMPTS.map((p) => p.difficulty))).toEqual(new Set([1, 2, 3]));
  });

  it('answers a prompt for 1..90 only', () => {
    expect(promptForDay(1)?.title).toBe('The First Pause');
    expect(promptForDay(90)?.day).toBe(90);
    for (const day of [0, -1, 91, 1.5, Number.NaN]) expect(promptForDay(day)).toBeUndefined();
  });

  it('requirePrompt answers not_found outside 1..90', () => {
    expect(requirePrompt(2)).toBe(promptForDay(2));
    expect(() => requirePrompt(91)).toThrow(
      expect.objectContaining({ code: 'not_found', message: 'There is no reflection prompt for day 91' }),
    );
  });
});
