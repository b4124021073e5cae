/**
 * Insights and the evidence from the stores' sums (totals.ts): averages and shares, each figure
 * hidden when it stands on fewer than MIN_MEMBERS_PER_FIGURE members (privacy.ts).
 */
import {
  EVIDENCE_RETENTION_DAYS,
  EXPERIMENT_DAYS,
  type ChangeFigure,
  type Evidence,
  type Insights,
  type RetentionFigure,
} from '@prr/contract';
import { countFigure, figureOver } from './privacy.js';
import type { InsightFilter, InsightTotals, RetentionCount } from './totals.js';

/** Shares to three decimals, averages to two: enough for a chart, and equal from every store. */
const share = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;
const average = (sum: number, count: number) => Math.round((sum / count) * 100) / 100;

function retentionFigure({ day, reached, reflected }: RetentionCount): RetentionFigure {
  return { day, figure: figureOver(reached, () => ({ share: share(reflected, reached) })) };
}

function changeFigure(members: number, first: [number, number], last: [number, number]): ChangeFigure {
  return figureOver(members, () => ({ from: average(...first), to: average(...last) }));
}

export function evidenceView(totals: InsightTotals): Evidence {
  const { change } = totals;
  return {
    members: countFigure(totals.members),
    retention: totals.retention
      .filter((r) => (EVIDENCE_RETENTION_DAYS as readonly number[]).includes(r.day))
      .map(retentionFigure),
    mood: changeFigure(
      change.members,
      [change.firstMood, change.firstReflections],
      [change.lastMood, change.lastReflections],
    ),
    empathy: changeFigure(
      change.members,
      [change.firstEmpathy, change.firstReflections],
      [change.lastEmpathy, change.lastReflections],
    ),
  };
}

export function insightsView(totals: InsightTotals, filter: InsightFilter, computedAt: string): Insights {
  const byDay = new Map(totals.days.map((d) => [d.day, d]));
  return {
    computedAt,
    filter: { state: filter.state, joinMonth: filter.joinMonth },
    members: countFigure(totals.members),
    joinsByWeek: totals.joinsByWeek.map(({ week, members }) => ({ week, joins: countFigure(members) })),
    joinsByState: totals.joinsByState.map(({ state, members }) => ({ state, joins: countFigure(members) })),
    // Every day of the experiment, so a day nobody reflected on is a gap, not a missing row.
    days: Array.from({ length: EXPERIMENT_DAYS }, (_, index) => {
      const day = index + 1;
      const sums = byDay.get(day);
      const n = sums?.reflections ?? 0;
      return {
        day,
        figure: figureOver(n, () => ({
          mood: average(sums?.mood ?? 0, n),
          empathy: average(sums?.empathy ?? 0, n),
          selfAwareness: average(sums?.selfAwareness ?? 0, n),
          paused: share(sums?.paused ?? 0, n),
          reflected: share(sums?.reflected ?? 0, n),
          retried: share(sums?.retried ?? 0, n),
        })),
      };
    }),
    retention: totals.retention.map(retentionFigure),
    cohorts: totals.cohorts.map(({ week, members, retention }) => ({
      week,
      joins: countFigure(members),
      retention: retention.map(retentionFigure),
    })),
    rippleWeeks: totals.rippleWeeks.map(({ week, members, ...sums }) => ({
      week,
      figure: figureOver(members, () => sums),
    })),
    evidence: evidenceView(totals),
  };
}
