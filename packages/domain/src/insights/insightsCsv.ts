/**
 * Every aggregate Insights shows, as one CSV (the export's rules: participantsCsv.ts): one row per
 * figure and measure. A hidden figure says 'fewer than 10' and nothing else.
 */
import type { Insights } from '@prr/contract';
import { csvOf } from '../participantsCsv.js';
import { HIDDEN_FIGURE_TEXT, type Hidden, type Shown } from './privacy.js';

const HEADER = ['Section', 'Group', 'Measure', 'Members', 'Value'] as const;
type Row = readonly [string, string, string, string, string];

/** One row per measure of a figure; a hidden one is one row with no value. */
function figureRows<T extends object>(
  section: string,
  group: string,
  figure: Shown<T> | Hidden,
  measures: readonly (readonly [string, (shown: Shown<T>) => number])[],
): Row[] {
  if (figure.hidden) return [[section, group, '', HIDDEN_FIGURE_TEXT, '']];
  return measures.map(([measure, value]) => [section, group, measure, String(figure.members), String(value(figure))]);
}

const COUNT = [['Members', (f: { members: number }) => f.members]] as const;
const SHARE = [['Share who reflected', (f: { share: number }) => f.share]] as const;

export function insightsRows(insights: Insights): Row[] {
  const filter = [insights.filter.state || 'All states', insights.filter.joinMonth || 'every month'].join(', ');
  return [
    ['Filter', filter, 'Computed at', '', insights.computedAt],
    ...figureRows('Members', 'All', insights.members, COUNT),
    ...insights.joinsByWeek.flatMap((w) => figureRows('Joins per week', w.week, w.joins, COUNT)),
    ...insights.joinsByState.flatMap((s) => figureRows('Joins by state', s.state || 'No state', s.joins, COUNT)),
    ...insights.days.flatMap((d) =>
      figureRows('Experiment day', `Day ${d.day}`, d.figure, [
        ['Members reflecting', (f) => f.members],
        ['Average mood', (f) => f.mood],
        ['Average empathy', (f) => f.empathy],
        ['Average self-awareness', (f) => f.selfAwareness],
        ['Share paused', (f) => f.paused],
        ['Share reflected', (f) => f.reflected],
        ['Share retried', (f) => f.retried],
      ]),
    ),
    ...insights.retention.flatMap((r) => figureRows('Retention', `Day ${r.day}`, r.figure, SHARE)),
    ...insights.cohorts.flatMap((c) => [
      ...figureRows('Cohort', c.week, c.joins, COUNT),
      ...c.retention.flatMap((r) => figureRows('Cohort retention', `${c.week} day ${r.day}`, r.figure, SHARE)),
    ]),
    ...insights.rippleWeeks.flatMap((w) =>
      figureRows('Ripple effects', `Week ${w.week}`, w.figure, [
        ['Relationship improvements', (f) => f.relationshipImprovements],
        ['Positive interactions', (f) => f.positiveInteractions],
        ['Conflicts avoided', (f) => f.conflictsAvoided],
        ['Others inspired', (f) => f.othersInspired],
      ]),
    ),
    ...figureRows('Evidence', 'Mood, week 1 to week 12', insights.evidence.mood, [
      ['Week 1 average', (f) => f.from],
      ['Week 12 average', (f) => f.to],
    ]),
    ...figureRows('Evidence', 'Empathy, week 1 to week 12', insights.evidence.empathy, [
      ['Week 1 average', (f) => f.from],
      ['Week 12 average', (f) => f.to],
    ]),
  ];
}

export function insightsCsv(insights: Insights): AsyncGenerator<string> {
  return csvOf(HEADER, insightsRows(insights), (row) => row);
}
