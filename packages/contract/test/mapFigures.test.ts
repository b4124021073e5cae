import { describe, expect, it } from 'vitest';
import {
  bandIndex,
  coveredStates,
  formatGoalPercent,
  goalPercent,
  topStates,
  totalPeacemakers,
} from '../src/mapFigures.js';
import type { StateParticipation } from '../src/schemas.js';

const record = (state: string, stateCode: string, peacemakers: number): StateParticipation => ({
  state,
  stateCode,
  peacemakers,
});

describe('bandIndex', () => {
  it.each([
    [0, 0],
    [1, 1],
    [49, 1],
    [50, 2],
    [99, 2],
    [100, 3],
    [249, 3],
    [250, 4],
    [499, 4],
    [500, 5],
    [999, 5],
    [1000, 6],
    [250_000, 6],
  ])('%i peacemakers fall in band %i', (peacemakers, band) => {
    expect(bandIndex(peacemakers)).toBe(band);
  });

  it('puts a state without a record in band 0', () => {
    expect(bandIndex(undefined)).toBe(0);
  });
});

describe('totals', () => {
  const records = [
    record('Texas', 'TX', 120),
    record('Ohio', 'OH', 40),
    record('Maine', 'ME', 0),
    record('Iowa', 'IA', 40),
    record('Utah', 'UT', 300),
    record('Idaho', 'ID', 5),
    record('Alaska', 'AK', 41),
    record('District of Columbia', 'DC', 77),
  ];

  it('sums the peacemakers', () => {
    expect(totalPeacemakers(records)).toBe(623);
    expect(totalPeacemakers([])).toBe(0);
  });

  it('answers the top 5 by count, ties by name', () => {
    expect(topStates(records).map((r) => r.stateCode)).toEqual(['UT', 'TX', 'DC', 'AK', 'IA']);
  });

  it('leaves states without peacemakers out of the top list', () => {
    expect(topStates([record('Maine', 'ME', 0)])).toEqual([]);
  });

  it('counts covered states without DC and without empty states', () => {
    expect(coveredStates(records)).toBe(6);
  });
});

describe('goal percent', () => {
  it('is the share of the goal', () => {
    expect(goalPercent(12_500, 50_000)).toBe(25);
  });

  it('is capped at 100', () => {
    expect(goalPercent(75_000, 50_000)).toBe(100);
    expect(formatGoalPercent(75_000, 50_000)).toBe('100.0%');
  });

  it('is shown with one decimal', () => {
    expect(formatGoalPercent(9_528, 50_000)).toBe('19.1%');
    expect(formatGoalPercent(0, 50_000)).toBe('0.0%');
  });

  it('is 0 for a goal of 0 instead of dividing by zero', () => {
    expect(goalPercent(10, 0)).toBe(0);
  });
});
