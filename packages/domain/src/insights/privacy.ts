/**
 * Nobody is exposed (docs/product/insights.md#privacy): every figure Insights, its CSV and /impact
 * show stands on at least this many members, counted after every filter. A smaller group is
 * `{ hidden: true }`: no count, no value.
 */
import type { CountFigure } from '@prr/contract';

export const MIN_MEMBERS_PER_FIGURE = 10;

/** What the screens and the CSV say in place of a hidden figure. */
export const HIDDEN_FIGURE_TEXT = `fewer than ${MIN_MEMBERS_PER_FIGURE}`;

export type Hidden = { hidden: true };
export type Shown<T> = { hidden: false; members: number } & T;

/** The figure over `members` members, or hidden below the minimum; `values` is only called when shown. */
export function figureOver<T extends object>(members: number, values: () => T): Shown<T> | Hidden {
  if (members < MIN_MEMBERS_PER_FIGURE) return { hidden: true };
  return { hidden: false, members, ...values() };
}

export function countFigure(members: number): CountFigure {
  return figureOver(members, () => ({}));
}
