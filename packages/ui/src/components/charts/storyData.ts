/**
 * Figures for the charts' own stories: made-up days and weeks in the shapes the Progress tab and
 * the admin's Insights give them, fixed so the pictures are the same every run.
 */
import { theme } from '../../theme';
import type { Bar } from './BarChart';
import type { ChartSeries } from './chartParts';
import type { LinePoint } from './LineChart';

export const scoreSeries: ChartSeries[] = [
  { key: 'mood', label: 'Mood', color: theme.colors.brand },
  { key: 'empathy', label: 'Empathy', color: theme.colors.olive },
  { key: 'selfAwareness', label: 'Self-awareness', color: theme.colors.sky },
];

export const weekSeries: ChartSeries[] = [
  { key: 'conflicts', label: 'Conflicts', color: theme.colors.brand },
  { key: 'betterResponses', label: 'Better responses', color: theme.colors.olive },
];

/** Day `day`'s three scores, rising slowly over the months with a weekly wobble. */
function scoresOn(day: number): LinePoint['values'] {
  const wobble = [0, 1, -1, 1, 0, -2, 1][day % 7] ?? 0;
  const clamp = (value: number) => Math.min(10, Math.max(1, Math.round(value)));
  return {
    mood: clamp(5 + day / 30 + wobble),
    empathy: clamp(6 + day / 40 + (wobble > 0 ? 1 : 0)),
    selfAwareness: clamp(5 + day / 25 - (wobble < 0 ? 1 : 0)),
  };
}

/** Days 1 to `last`, with no values on the `missed` days. */
export function scorePoints(last: number, missed: readonly number[] = []): LinePoint[] {
  return Array.from({ length: last }, (_, index) => {
    const day = index + 1;
    return {
      x: day,
      values: missed.includes(day) ? { mood: null, empathy: null, selfAwareness: null } : scoresOn(day),
    };
  });
}

/** Weeks 1 to `last`: fewer conflicts and more better responses as they go; none in the `empty` weeks. */
export function weekBars(last: number, empty: readonly number[] = []): Bar[] {
  return Array.from({ length: last }, (_, index) => {
    const week = index + 1;
    return {
      x: week,
      xLabel: String(week),
      values: empty.includes(week)
        ? { conflicts: null, betterResponses: null }
        : { conflicts: Math.max(0, 12 - week + (week % 3)), betterResponses: Math.min(14, 4 + week - (week % 2)) },
    };
  });
}
