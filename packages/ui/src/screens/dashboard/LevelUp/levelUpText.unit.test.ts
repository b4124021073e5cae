import { describe, expect, it } from 'vitest';
import { levelUpTitle } from './levelUpText';

describe('levelUpTitle', () => {
  it('names the level with the article it takes', () => {
    expect(levelUpTitle('Agent')).toBe('You are now an Agent');
    expect(levelUpTitle('Explorer')).toBe('You are now an Explorer');
    expect(levelUpTitle('Advocate')).toBe('You are now an Advocate');
    expect(levelUpTitle('Guardian')).toBe('You are now a Guardian');
  });
});
