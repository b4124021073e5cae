import { describe, expect, it } from 'vitest';
import { describeMapUpdate } from './mapUpdateText';

describe('describeMapUpdate', () => {
  it('says both counts with en-US thousands separators', () => {
    expect(
      describeMapUpdate({
        current: { peacemakers: 9528, states: 49 },
        recalculated: { peacemakers: 24, states: 6 },
        undoAvailable: false,
      }),
    ).toBe(
      "The map's counts (9,528 peacemakers in 49 states) will be replaced by counts of active members (24 in 6 states).",
    );
  });

  it('says one peacemaker and one state in the singular', () => {
    expect(
      describeMapUpdate({
        current: { peacemakers: 1, states: 1 },
        recalculated: { peacemakers: 0, states: 0 },
        undoAvailable: true,
      }),
    ).toBe("The map's counts (1 peacemaker in 1 state) will be replaced by counts of active members (0 in 0 states).");
  });
});
