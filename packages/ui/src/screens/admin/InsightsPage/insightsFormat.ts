/**
 * How Insights says its figures (docs/product/insights.md): a hidden figure is HIDDEN_FIGURE_TEXT
 * and nothing else, in a table cell, a chart (a gap: no point, no bar) and a sentence alike.
 */
import type { CountFigure } from '@prr/contract';
import { HIDDEN_FIGURE_TEXT } from '@prr/domain';
import { formatCount } from '../../map/mapRules';

/** Any figure of the contract: hidden, or shown over `members` with its values. */
export type Figure = { hidden: true } | { hidden: false; members: number };
export type ShownFigure<F extends Figure> = Extract<F, { hidden: false }>;

/** The figure's words, or HIDDEN_FIGURE_TEXT. */
export function figureText<F extends Figure>(figure: F, text: (shown: ShownFigure<F>) => string): string {
  return figure.hidden ? HIDDEN_FIGURE_TEXT : text(figure as ShownFigure<F>);
}

/** The figure's value for a chart: null (a gap) when hidden. */
export function figureValue<F extends Figure>(figure: F, value: (shown: ShownFigure<F>) => number): number | null {
  return figure.hidden ? null : value(figure as ShownFigure<F>);
}

export const countText = (figure: CountFigure) => figureText(figure, (shown) => formatCount(shown.members));
export const membersText = (figure: Figure) => figureText(figure, (shown) => formatCount(shown.members));

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
/** A share (0 to 1) as a whole percentage. */
export const formatShare = (share: number) => percent.format(share);
/** A share as the percentage a chart plots (0 to 100). */
export const sharePercent = (share: number) => Math.round(share * 1000) / 10;

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** An average score (1 to 10) to one decimal. */
export const formatAverage = (average: number) => oneDecimal.format(average);

// A week is a calendar date (its Monday), not an instant: read and said in UTC so no zone moves it.
const weekDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
export const formatWeek = (date: string) => weekDate.format(new Date(`${date}T00:00:00Z`));
const weekShort = new Intl.DateTimeFormat('en-US', { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
/** '6/30': short enough for a dozen bars' labels across a phone. */
export const formatWeekShort = (date: string) => weekShort.format(new Date(`${date}T00:00:00Z`));

const computedTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** When the figures were computed, in the admin's own time zone. */
export const formatComputedAt = (at: string) => computedTime.format(new Date(at));

const publishedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
/** The day the evidence was published, in the admin's own time zone. */
export const formatPublishedOn = (at: string) => publishedDate.format(new Date(at));

/** Members without a state (an address abroad) are counted under this name. */
export const stateLabel = (state: string) => (state === '' ? 'No state' : state);

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'September 2025' for '2025-09'. */
export const formatJoinMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** How many join months the filter offers, newest first: two years of the movement. */
export const JOIN_MONTHS_OFFERED = 24;

/** The join months the filter offers, newest (this month) first, as YYYY-MM. */
export function recentJoinMonths(now: Date, count: number = JOIN_MONTHS_OFFERED): string[] {
  return Array.from({ length: count }, (_, back) => {
    const month = new Date(now.getFullYear(), now.getMonth() - back, 1);
    return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
  });
}
