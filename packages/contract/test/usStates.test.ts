import { describe, expect, it } from 'vitest';
import { STATE_NAMES, canonicalStateName, stateCodeFor, stateNameFor } from '../src/usStates.js';

describe('US states', () => {
  it('knows the 50 states and DC', () => {
    expect(STATE_NAMES).toHaveLength(51);
  });

  it('turns a name or a code in any case into the canonical name', () => {
    expect(canonicalStateName(' new mexico ')).toBe('New Mexico');
    expect(canonicalStateName('wy')).toBe('Wyoming');
    expect(canonicalStateName('Atlantis')).toBeUndefined();
  });

  it('converts between names and codes', () => {
    expect(stateCodeFor('North Carolina')).toBe('NC');
    expect(stateNameFor('nc')).toBe('North Carolina');
    expect(stateNameFor('XX')).toBeUndefined();
  });
});
