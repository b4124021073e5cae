/**
 * A member's own 90 days (the Progress tab's charts, docs/product/insights.md#the-members-90-days):
 * the day-by-day series with gaps where no reflection was written, the weeks' conflicts and better
 * responses, the first week against the latest in words, and the daily figures as CSV. Only the
 * member's own reflections, never anyone else's; notes and prompt responses stay out.
 */
import { EXPERIMENT_DAYS, type Reflection } from '@prr/contract';
import { csvOf } from '../participantsCsv.js';
import { weekOfDay } from './totals.js';

type Figures = Pick<
  Reflection,
  | 'day'
  | 'date'
  | 'paused'
  | 'reflected'
  | 'retried'
  | 'mood'
  | 'empathyScore'
  | 'selfAwarenessScore'
  | 'conflictCount'
  | 'successfulResponses'
>;

export interface ProgressDay {
  day: number;
  /** The reflection of the day; null where none was written (a gap in the lines). */
  reflection: Figures | null;
}

/** Days 1..currentDay (at most 90), each with its reflection or none. */
export function progressDays(reflections: readonly Figures[], currentDay: number): ProgressDay[] {
  const byDay = new Map(reflections.map((r) => [r.day, r]));
  const last = Math.min(currentDay, EXPERIMENT_DAYS);
  return Array.from({ length: last }, (_, index) => ({ day: index + 1, reflection: byDay.get(index + 1) ?? null }));
}

export interface ProgressWeek {
  week: number;
  /** Days of the week with a reflection. */
  days: number;
  conflicts: number;
  betterResponses: number;
}

/** Weeks 1 to the current one, with the sums of their reflections (0 in a week without any). */
export function progressWeeks(reflections: readonly Figures[], currentDay: number): ProgressWeek[] {
  const weeks = Array.from({ length: weekOfDay(Math.min(currentDay, EXPERIMENT_DAYS)) }, (_, index) => ({
    week: index + 1,
    days: 0,
    conflicts: 0,
    betterResponses: 0,
  }));
  for (const r of reflections) {
    const week = weeks[weekOfDay(r.day) - 1];
    if (!week) continue;
    week.days += 1;
    week.conflicts += r.conflictCount;
    week.betterResponses += r.successfulResponses;
  }
  return weeks;
}

export const PROGRESS_MEASURES = [
  { key: 'mood', label: 'mood', field: 'mood' },
  { key: 'empathy', label: 'empathy', field: 'empathyScore' },
  { key: 'selfAwareness', label: 'self-awareness', field: 'selfAwarenessScore' },
] as const satisfies readonly { key: string; label: string; field: keyof Figures }[];

export type ProgressMeasure = (typeof PROGRESS_MEASURES)[number];

export interface AverageChange {
  measure: ProgressMeasure;
  /** The first week's average, to one decimal. */
  from: number;
  /** The latest week's (with a reflection), to one decimal. */
  to: number;
  latestWeek: number;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The member's averages in week 1 against the latest later week with a reflection; none until
 * both exist.
 */
export function averageChanges(reflections: readonly Figures[]): AverageChange[] {
  const first = reflections.filter((r) => weekOfDay(r.day) === 1);
  const latestWeek = Math.max(0, ...reflections.map((r) => weekOfDay(r.day)));
  if (first.length === 0 || latestWeek < 2) return [];
  const latest = reflections.filter((r) => weekOfDay(r.day) === latestWeek);
  const mean = (list: readonly Figures[], field: ProgressMeasure['field']) =>
    oneDecimal(list.reduce((sum, r) => sum + r[field], 0) / list.length);
  return PROGRESS_MEASURES.map((measure) => ({
    measure,
    from: mean(first, measure.field),
    to: mean(latest, measure.field),
    latestWeek,
  }));
}

/** 'Your average mood rose from 5.1 to 6.4'. */
export function changeSentence({ measure, from, to }: AverageChange): string {
  const f = from.toFixed(1);
  const t = to.toFixed(1);
  if (to > from) return `Your average ${measure.label} rose from ${f} to ${t}`;
  if (to < from) return `Your average ${measure.label} fell from ${f} to ${t}`;
  return `Your average ${measure.label} stayed at ${f}`;
}

const DAILY_HEADER = [
  'Day',
  'Date',
  'Paused',
  'Reflected',
  'Retried',
  'Mood',
  'Empathy',
  'Self-awareness',
  'Conflicts',
  'Better responses',
] as const;

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** 'Download my data' beside the JSON: one row per saved day, oldest first; figures only. */
export function dailyFiguresCsv(reflections: readonly Figures[]): AsyncGenerator<string> {
  const rows = [...reflections].sort((a, b) => a.day - b.day);
  return csvOf(DAILY_HEADER, rows, (r) => [
    String(r.day),
    r.date,
    yesNo(r.paused),
    yesNo(r.reflected),
    yesNo(r.retried),
    String(r.mood),
    String(r.empathyScore),
    String(r.selfAwarenessScore),
    String(r.conflictCount),
    String(r.successfulResponses),
  ]);
}
