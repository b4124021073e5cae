/**
 * Insights' sections as tables, chart points and summaries (docs/product/insights.md), built from
 * the one answer: each chart's "Show as table" and its summary say what the chart draws. A hidden
 * figure is a gap in a chart and HIDDEN_FIGURE_TEXT in a table; a summary names shown figures only.
 */
import type { Insights } from '@prr/contract';
import { HIDDEN_FIGURE_TEXT } from '@prr/domain';
import { formatCount } from '../../map/mapRules';
import type { Bar, ChartTable, LinePoint } from '../../../components/charts';
import {
  countText,
  figureText,
  figureValue,
  formatAverage,
  formatShare,
  formatWeek,
  formatWeekShort,
  membersText,
  sharePercent,
  stateLabel,
  type Figure,
} from './insightsFormat';

const hiddenCount = (figures: readonly Figure[]) => figures.filter((figure) => figure.hidden).length;

/** "3 weeks had fewer than 10 members.": how many figures are hidden, if any. */
function hiddenSentence(count: number, unit: string, units: string): string {
  if (count === 0) return '';
  return ` ${formatCount(count)} ${count === 1 ? `${unit} stands` : `${units} stand`} on ${HIDDEN_FIGURE_TEXT} members.`;
}

const NOTHING_SHOWN = `Every figure here stands on ${HIDDEN_FIGURE_TEXT} members.`;

// Joins

export function joinsByWeekTable(insights: Insights): ChartTable {
  return {
    columns: ['Week of', 'Joins'],
    rows: insights.joinsByWeek.map(({ week, joins }) => [formatWeek(week), countText(joins)]),
  };
}

export function joinsByWeekBars(insights: Insights): Bar[] {
  return insights.joinsByWeek.map(({ week, joins }, index) => ({
    x: index,
    xLabel: formatWeekShort(week),
    values: { joins: figureValue(joins, (shown) => shown.members) },
  }));
}

export function joinsByWeekSummary(insights: Insights): string {
  const weeks = insights.joinsByWeek;
  const shown = weeks.flatMap(({ week, joins }) => (joins.hidden ? [] : [{ week, members: joins.members }]));
  const most = shown.reduce<(typeof shown)[number] | undefined>(
    (best, week) => (!best || week.members > best.members ? week : best),
    undefined,
  );
  if (!most) return NOTHING_SHOWN;
  return (
    `Joins in ${formatCount(weeks.length)} ${weeks.length === 1 ? 'week' : 'weeks'}; the most, ` +
    `${formatCount(most.members)}, in the week of ${formatWeek(most.week)}.` +
    hiddenSentence(hiddenCount(weeks.map((w) => w.joins)), 'week', 'weeks')
  );
}

/** The most joins first; states under the minimum last, by name (their order says nothing more). */
export function joinsByStateTable(insights: Insights): ChartTable {
  const states = [...insights.joinsByState].sort((a, b) => {
    const size = (joins: Figure) => (joins.hidden ? -1 : joins.members);
    return size(b.joins) - size(a.joins) || stateLabel(a.state).localeCompare(stateLabel(b.state));
  });
  return { columns: ['State', 'Joins'], rows: states.map(({ state, joins }) => [stateLabel(state), countText(joins)]) };
}

// Days of the experiment

export function reflectingPoints(insights: Insights): LinePoint[] {
  return insights.days.map(({ day, figure }) => ({
    x: day,
    values: { members: figureValue(figure, (shown) => shown.members) },
  }));
}

export function reflectingTable(insights: Insights): ChartTable {
  return {
    columns: ['Day', 'Members reflecting'],
    rows: insights.days.map(({ day, figure }) => [day, membersText(figure)]),
  };
}

/** The first and last day with a shown figure: where a summary's "from … to" comes from. */
function shownEnds(insights: Insights) {
  const shown = insights.days.flatMap(({ day, figure }) => (figure.hidden ? [] : [{ day, figure }]));
  const first = shown[0];
  const last = shown[shown.length - 1];
  return first && last ? { first, last } : undefined;
}

export function reflectingSummary(insights: Insights): string {
  const ends = shownEnds(insights);
  if (!ends) return NOTHING_SHOWN;
  const { first, last } = ends;
  return (
    `${formatCount(first.figure.members)} members reflected on day ${first.day}, ` +
    `${formatCount(last.figure.members)} on day ${last.day}.` +
    hiddenSentence(hiddenCount(insights.days.map((d) => d.figure)), 'day', 'days')
  );
}

export function retentionTable(insights: Insights): ChartTable {
  return {
    columns: ['Day', 'Reflecting', 'Members'],
    rows: insights.retention.map(({ day, figure }) => [
      `Day ${day}`,
      figureText(figure, (shown) => formatShare(shown.share)),
      membersText(figure),
    ]),
  };
}

export function scorePoints(insights: Insights): LinePoint[] {
  return insights.days.map(({ day, figure }) => ({
    x: day,
    values: {
      mood: figureValue(figure, (shown) => shown.mood),
      empathy: figureValue(figure, (shown) => shown.empathy),
      selfAwareness: figureValue(figure, (shown) => shown.selfAwareness),
    },
  }));
}

export function scoreTable(insights: Insights): ChartTable {
  return {
    columns: ['Day', 'Mood', 'Empathy', 'Self-awareness', 'Members'],
    rows: insights.days.map(({ day, figure }) => [
      day,
      figureText(figure, (shown) => formatAverage(shown.mood)),
      figureText(figure, (shown) => formatAverage(shown.empathy)),
      figureText(figure, (shown) => formatAverage(shown.selfAwareness)),
      membersText(figure),
    ]),
  };
}

export function scoreSummary(insights: Insights): string {
  const ends = shownEnds(insights);
  if (!ends) return NOTHING_SHOWN;
  const { first, last } = ends;
  const change = (name: string, key: 'mood' | 'empathy' | 'selfAwareness') =>
    `${name} from ${formatAverage(first.figure[key])} to ${formatAverage(last.figure[key])}`;
  return (
    `From day ${first.day} to day ${last.day}, on average: ${change('mood', 'mood')}, ` +
    `${change('empathy', 'empathy')}, ${change('self-awareness', 'selfAwareness')} (out of 10).` +
    hiddenSentence(hiddenCount(insights.days.map((d) => d.figure)), 'day', 'days')
  );
}

export function stepPoints(insights: Insights): LinePoint[] {
  return insights.days.map(({ day, figure }) => ({
    x: day,
    values: {
      paused: figureValue(figure, (shown) => sharePercent(shown.paused)),
      reflected: figureValue(figure, (shown) => sharePercent(shown.reflected)),
      retried: figureValue(figure, (shown) => sharePercent(shown.retried)),
    },
  }));
}

export function stepTable(insights: Insights): ChartTable {
  return {
    columns: ['Day', 'Paused', 'Reflected', 'Retried', 'Members'],
    rows: insights.days.map(({ day, figure }) => [
      day,
      figureText(figure, (shown) => formatShare(shown.paused)),
      figureText(figure, (shown) => formatShare(shown.reflected)),
      figureText(figure, (shown) => formatShare(shown.retried)),
      membersText(figure),
    ]),
  };
}

export function stepSummary(insights: Insights): string {
  const ends = shownEnds(insights);
  if (!ends) return NOTHING_SHOWN;
  const { first, last } = ends;
  const change = (name: string, key: 'paused' | 'reflected' | 'retried') =>
    `${name} from ${formatShare(first.figure[key])} to ${formatShare(last.figure[key])}`;
  return (
    `From day ${first.day} to day ${last.day}, of the members reflecting: ${change('paused', 'paused')}, ` +
    `${change('reflected', 'reflected')}, ${change('retried', 'retried')}.` +
    hiddenSentence(hiddenCount(insights.days.map((d) => d.figure)), 'day', 'days')
  );
}

// Cohorts

export function cohortTable(insights: Insights): ChartTable {
  const days = insights.retention.map(({ day }) => day);
  return {
    columns: ['Week of', 'Joins', ...days.map((day) => `Day ${day}`)],
    rows: insights.cohorts.map(({ week, joins, retention }) => [
      formatWeek(week),
      countText(joins),
      ...days.map((day) => {
        const figure = retention.find((r) => r.day === day)?.figure ?? { hidden: true };
        return figureText(figure, (shown) => `${formatShare(shown.share)} of ${formatCount(shown.members)}`);
      }),
    ]),
  };
}

// Ripple effects

const RIPPLE_COLUMNS = [
  ['relationshipImprovements', 'Relationships improved'],
  ['positiveInteractions', 'Positive interactions'],
  ['conflictsAvoided', 'Conflicts avoided'],
  ['othersInspired', 'Others inspired'],
] as const;
export type RippleKey = (typeof RIPPLE_COLUMNS)[number][0];
export const rippleSeriesNames = RIPPLE_COLUMNS;

export function rippleBars(insights: Insights): Bar[] {
  return insights.rippleWeeks.map(({ week, figure }) => ({
    x: week,
    xLabel: String(week),
    values: Object.fromEntries(RIPPLE_COLUMNS.map(([key]) => [key, figureValue(figure, (shown) => shown[key])])),
  }));
}

export function rippleTable(insights: Insights): ChartTable {
  return {
    columns: ['Week', ...RIPPLE_COLUMNS.map(([, label]) => label), 'Members'],
    rows: insights.rippleWeeks.map(({ week, figure }) => [
      `Week ${week}`,
      ...RIPPLE_COLUMNS.map(([key]) => figureText(figure, (shown) => formatCount(shown[key]))),
      membersText(figure),
    ]),
  };
}

export function rippleSummary(insights: Insights): string {
  const weeks = insights.rippleWeeks;
  const shown = weeks.flatMap(({ figure }) => (figure.hidden ? [] : [figure]));
  if (shown.length === 0) return NOTHING_SHOWN;
  const total = (key: RippleKey) => formatCount(shown.reduce((sum, figure) => sum + figure[key], 0));
  return (
    `Over the ${formatCount(shown.length)} ${shown.length === 1 ? 'week' : 'weeks'} shown: ` +
    RIPPLE_COLUMNS.map(([key, label]) => `${label.toLowerCase()} ${total(key)}`).join(', ') +
    '.' +
    hiddenSentence(hiddenCount(weeks.map((w) => w.figure)), 'week', 'weeks')
  );
}
