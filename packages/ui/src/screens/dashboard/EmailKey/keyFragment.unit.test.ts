import { describe, expect, it } from 'vitest';
import { fragmentWithoutKey, keyInFragment } from './keyFragment';

describe('keyInFragment', () => {
  it('reads the key of #key=…', () => {
    expect(keyInFragment('#key=abc.DEF-123_x')).toBe('abc.DEF-123_x');
  });

  it('reads it among other fragment parameters', () => {
    expect(keyInFragment('#utm=mail&key=abc')).toBe('abc');
  });

  it('is null without a key, or with an empty one', () => {
    expect(keyInFragment('')).toBeNull();
    expect(keyInFragment('#')).toBeNull();
    expect(keyInFragment('#section-2')).toBeNull();
    expect(keyInFragment('#key=')).toBeNull();
  });
});

describe('fragmentWithoutKey', () => {
  it('drops the whole fragment when the key was all of it', () => {
    expect(fragmentWithoutKey('#key=abc')).toBe('');
  });

  it('keeps the other parameters', () => {
    expect(fragmentWithoutKey('#utm=mail&key=abc')).toBe('#utm=mail');
  });
});
