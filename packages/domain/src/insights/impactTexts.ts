/**
 * What /impact says (docs/product/insights.md): the published snapshot as the page's texts, one
 * named slot each. The page renders from these texts only, so the build can write it with a
 * placeholder in every slot (IMPACT_PLACEHOLDERS) and the server put the snapshot's texts in their
 * place as it serves it. A hidden figure reads HIDDEN_FIGURE_TEXT in its value and nothing in its
 * other slots: no count, no value.
 */
import type { ChangeFigure, CountFigure, ImpactSnapshot, RetentionFigure } from '@prr/contract';
import { HIDDEN_FIGURE_TEXT } from './privacy.js';

/**
 * The page's slots: the date the figures were taken; how many members took part; the share who
 * reflected on day 30 and on day 90, each with the members who reached that day; average mood and
 * empathy in week 1 and in week 12, each with the members who reflected in both weeks.
 */
export const IMPACT_SLOTS = [
  'date',
  'members',
  'retentionDay30',
  'retentionDay30Members',
  'retentionDay90',
  'retentionDay90Members',
  'moodFrom',
  'moodTo',
  'moodMembers',
  'empathyFrom',
  'empathyTo',
  'empathyMembers',
] as const;
export type ImpactSlot = (typeof IMPACT_SLOTS)[number];
export type ImpactTexts = Record<ImpactSlot, string>;

/**
 * What the build writes in each slot: a token no text of the page holds, none a part of another
 * (the closing brackets end each), and nothing HTML escapes.
 */
export const IMPACT_PLACEHOLDERS = Object.fromEntries(
  IMPACT_SLOTS.map((slot) => [slot, `[[impact:${slot}]]`]),
) as ImpactTexts;

const count = new Intl.NumberFormat('en-US');
// UTC: the server writes the date for every visitor alike, knowing no one's time zone.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const membersText = (members: number) => `${count.format(members)} ${members === 1 ? 'member' : 'members'}`;
// The averages are of 1-to-10 scores: one decimal tells a change apart without false precision.
const averageText = (average: number) => average.toFixed(1);

function countText(figure: CountFigure): string {
  return figure.hidden ? HIDDEN_FIGURE_TEXT : count.format(figure.members);
}

function retentionTexts(retention: readonly RetentionFigure[], day: number): [share: string, members: string] {
  const figure = retention.find((r) => r.day === day)?.figure;
  // A snapshot without the day says no more than a hidden figure does.
  if (!figure || figure.hidden) return [HIDDEN_FIGURE_TEXT, ''];
  return [`${Math.round(figure.share * 100)}%`, `of ${membersText(figure.members)} who reached day ${day}`];
}

function changeTexts(figure: ChangeFigure): [from: string, to: string, members: string] {
  if (figure.hidden) return [HIDDEN_FIGURE_TEXT, '', ''];
  return [
    averageText(figure.from),
    averageText(figure.to),
    `${membersText(figure.members)} who reflected in both weeks`,
  ];
}

export function impactTexts({ computedAt, evidence }: ImpactSnapshot): ImpactTexts {
  const [retentionDay30, retentionDay30Members] = retentionTexts(evidence.retention, 30);
  const [retentionDay90, retentionDay90Members] = retentionTexts(evidence.retention, 90);
  const [moodFrom, moodTo, moodMembers] = changeTexts(evidence.mood);
  const [empathyFrom, empathyTo, empathyMembers] = changeTexts(evidence.empathy);
  return {
    date: dateFormat.format(new Date(computedAt)),
    members: countText(evidence.members),
    retentionDay30,
    retentionDay30Members,
    retentionDay90,
    retentionDay90Members,
    moodFrom,
    moodTo,
    moodMembers,
    empathyFrom,
    empathyTo,
    empathyMembers,
  };
}
