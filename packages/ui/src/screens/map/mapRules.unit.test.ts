import { BAND_LABELS, type StateParticipation } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme/theme';
import {
  bandColor,
  formatCount,
  mapSummary,
  pointInBox,
  recordsByCode,
  stateLabel,
  tooltipPosition,
  viewBoxToBox,
} from './mapRules';

const record = (state: string, stateCode: string, peacemakers: number): StateParticipation => ({
  state,
  stateCode,
  peacemakers,
});

const sample = [
  record('California', 'CA', 1240),
  record('Texas', 'TX', 980),
  record('New York', 'NY', 760),
  record('Florida', 'FL', 610),
  record('Ohio', 'OH', 120),
  record('Vermont', 'VT', 45),
  record('Wyoming', 'WY', 0),
  record('District of Columbia', 'DC', 30),
];

describe('mapSummary', () => {
  it('sums every state, DC included, and measures it against the goal', () => {
    const summary = mapSummary(sample, 10_000);
    expect(summary.total).toBe(3785);
    expect(summary.goal).toBe(10_000);
    expect(summary.percent).toBeCloseTo(37.85);
    expect(summary.percentLabel).toBe('37.9%');
  });

  it('falls back to the 50,000 goal when the stats have none', () => {
    const summary = mapSummary(sample, undefined);
    expect(summary.goal).toBe(50_000);
    expect(summary.percentLabel).toBe('7.6%');
  });

  it('caps the bar at 100% when the goal is passed', () => {
    const summary = mapSummary([record('California', 'CA', 75_000)], 50_000);
    expect(summary.percent).toBe(100);
    expect(summary.percentLabel).toBe('100.0%');
  });

  it('ranks the five largest states with a count', () => {
    expect(mapSummary(sample, undefined).top.map((r) => r.stateCode)).toEqual(['CA', 'TX', 'NY', 'FL', 'OH']);
  });

  it('counts covered states out of 50, leaving out DC and empty states', () => {
    expect(mapSummary(sample, undefined).covered).toBe(6);
  });

  it('is all zeros for an empty map', () => {
    expect(mapSummary([], undefined)).toEqual({
      goal: 50_000,
      total: 0,
      percent: 0,
      percentLabel: '0.0%',
      top: [],
      covered: 0,
    });
  });
});

describe('recordsByCode', () => {
  it('matches records by their full state name, whatever their own code says', () => {
    const byCode = recordsByCode([record('California', 'XX', 5), record('district of columbia', 'DC', 2)]);
    expect(byCode.get('CA')?.peacemakers).toBe(5);
    expect(byCode.get('DC')?.peacemakers).toBe(2);
    expect(byCode.has('XX')).toBe(false);
  });

  it("falls back to the record's code for a name the table does not know", () => {
    expect(recordsByCode([record('Calif.', 'ca', 3)]).get('CA')?.peacemakers).toBe(3);
  });
});

describe('bandColor', () => {
  const bands = theme.colors.mapBands;
  it.each([
    [undefined, 0],
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
    [25_000, 6],
  ])('%s peacemakers use band %i', (count, band) => {
    expect(bandColor(count, bands)).toBe(bands[band]);
  });

  it('has one colour per legend label', () => {
    expect(bands).toHaveLength(BAND_LABELS.length);
  });
});

describe('stateLabel', () => {
  it('names the state and its count', () => {
    expect(stateLabel('California', record('California', 'CA', 1240))).toBe('California: 1,240 peacemakers');
    expect(stateLabel('Vermont', record('Vermont', 'VT', 1))).toBe('Vermont: 1 peacemaker');
    expect(stateLabel('Wyoming', undefined)).toBe('Wyoming: no peacemakers yet');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(50_000)).toBe('50,000');
  });
});

describe('tooltipPosition', () => {
  it('places the card 20 px right of and 85 px above the point', () => {
    expect(tooltipPosition({ x: 300, y: 200 })).toEqual({ left: 320, top: 115 });
  });

  it('keeps the offsets while the measured card fits', () => {
    expect(tooltipPosition({ x: 300, y: 200 }, { cardWidth: 160, boxWidth: 900 })).toEqual({ left: 320, top: 115 });
  });

  it('flips to the left of the point when the card would leave the map', () => {
    expect(tooltipPosition({ x: 800, y: 200 }, { cardWidth: 160, boxWidth: 900 })).toEqual({ left: 620, top: 115 });
  });
});

describe('coordinates', () => {
  it('turns client coordinates into map coordinates', () => {
    expect(pointInBox(150, 260, { left: 100, top: 60 })).toEqual({ x: 50, y: 200 });
  });

  it('maps a viewBox point into a scaled, centred SVG', () => {
    // 450 x 400 SVG: scale 0.5, the 250 px high drawing is centred with 75 px above it.
    const svg = { left: 10, top: 20, width: 450, height: 400 };
    expect(viewBoxToBox([450, 250], svg, { left: 0, top: 0 })).toEqual({ x: 235, y: 220 });
  });
});
