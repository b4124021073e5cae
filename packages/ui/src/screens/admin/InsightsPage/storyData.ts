/**
 * For the Insights stories and tests: the answers the page is shown with, made by the domain from
 * sums written here (insightsView applies the threshold, as the server does), and the handler that
 * gives them. A movement of 240 members who joined over 14 weeks up to FIXTURE_NOW; one state of 6
 * members, where every figure is hidden; and no members at all.
 */
import { RETENTION_DAYS, api, type ImpactSnapshot, type Insights, type InsightsQuery } from '@prr/contract';
import { insightsView, type DaySums, type InsightTotals, type RetentionCount } from '@prr/domain';
import { handle } from '@prr/mocks';
import type { HttpHandler } from 'msw';

/** When the stories' figures were computed: five minutes before the mocks' today (FIXTURE_NOW). */
export const COMPUTED_AT = '2025-10-06T13:55:00.000Z';

/** The state whose 6 members are too few for any figure. */
export const SMALL_STATE = 'Vermont';

/** Mondays from 30 June 2025, and how many members joined in each week. */
const JOIN_WEEKS: readonly [string, number][] = [
  ['2025-06-30', 34],
  ['2025-07-07', 28],
  ['2025-07-14', 25],
  ['2025-07-21', 22],
  ['2025-07-28', 19],
  ['2025-08-04', 17],
  ['2025-08-11', 16],
  ['2025-08-18', 15],
  ['2025-08-25', 14],
  ['2025-09-01', 13],
  ['2025-09-08', 12],
  ['2025-09-15', 11],
  ['2025-09-22', 8],
  ['2025-09-29', 6],
];

/** 240 members in all; the last two states and those without one are under the minimum. */
const JOINS_BY_STATE: readonly [string, number][] = [
  ['', 6],
  ['California', 62],
  ['Colorado', 12],
  ['Illinois', 18],
  ['Maine', 5],
  ['New York', 37],
  ['Oregon', 28],
  ['Texas', 41],
  ['Vermont', 7],
  ['Washington', 24],
];

/** The experiment day on FIXTURE_NOW of a member who joined on the Monday of week `index`: 99 for 30 June. */
const dayNowOf = (index: number) => 99 - 7 * index;

/** Of the members on a day, the share who reflect on it: fewer as the days go by. */
const keepRate = (day: number) => 0.88 - (0.38 * (day - 1)) / 89;

/** A small, fixed wobble, so the lines look like data rather than rulers. */
const wobble = (day: number, size: number) => Math.sin(day / 3) * size;

function membersPast(day: number, weeks: readonly [string, number][], orOn = false): number {
  return weeks.reduce((sum, [, joins], index) => {
    const dayNow = dayNowOf(index);
    return dayNow > day || (orOn && dayNow === day) ? sum + joins : sum;
  }, 0);
}

function daySums(day: number, reflections: number): DaySums {
  const at = (from: number, to: number, size: number) =>
    Math.round(reflections * (from + ((to - from) * (day - 1)) / 89 + wobble(day, size)));
  return {
    day,
    reflections,
    mood: at(5.2, 7.2, 0.15),
    empathy: at(5.8, 7.6, 0.12),
    selfAwareness: at(5.5, 7.3, 0.1),
    paused: at(0.62, 0.81, 0.02),
    reflected: at(0.7, 0.88, 0.02),
    retried: at(0.45, 0.7, 0.03),
  };
}

function retentionOf(reached: number, day: number, tilt = 0): RetentionCount {
  return { day, reached, reflected: Math.round(reached * Math.min(1, keepRate(day) + tilt)) };
}

export function movementTotals(): InsightTotals {
  const days = Array.from({ length: 90 }, (_, index) => {
    const day = index + 1;
    return daySums(day, Math.round(membersPast(day, JOIN_WEEKS, true) * keepRate(day)));
  });
  return {
    members: JOIN_WEEKS.reduce((sum, [, joins]) => sum + joins, 0),
    joinsByWeek: JOIN_WEEKS.map(([week, members]) => ({ week, members })),
    joinsByState: JOINS_BY_STATE.map(([state, members]) => ({ state, members })),
    days,
    retention: RETENTION_DAYS.map((day) => retentionOf(membersPast(day, JOIN_WEEKS), day)),
    cohorts: JOIN_WEEKS.map(([week, members], index) => ({
      week,
      members,
      retention: RETENTION_DAYS.map((day) =>
        retentionOf(dayNowOf(index) > day ? members : 0, day, wobble(index * 5, 0.05)),
      ),
    })),
    rippleWeeks: Array.from({ length: 13 }, (_, index) => {
      const week = index + 1;
      const members = Math.round(membersPast(7 * week - 7, JOIN_WEEKS) * 0.55);
      const grow = 1 + week / 20;
      return {
        week,
        members,
        relationshipImprovements: Math.round(members * 1.4 * grow),
        positiveInteractions: Math.round(members * 3.1 * grow),
        conflictsAvoided: Math.round(members * 0.9 * grow),
        othersInspired: Math.round(members * 0.6 * grow),
      };
    }),
    change: {
      members: 52,
      firstReflections: 312,
      lastReflections: 260,
      firstMood: Math.round(312 * 5.4),
      lastMood: Math.round(260 * 7.1),
      firstEmpathy: Math.round(312 * 5.9),
      lastEmpathy: Math.round(260 * 7.6),
    },
  };
}

/** Vermont's 6 members: every group has fewer than the minimum, so every figure is hidden. */
export function smallStateTotals(): InsightTotals {
  const weeks: [string, number][] = [
    ['2025-07-07', 2],
    ['2025-08-04', 3],
    ['2025-09-01', 1],
  ];
  return {
    members: 6,
    joinsByWeek: weeks.map(([week, members]) => ({ week, members })),
    joinsByState: [{ state: SMALL_STATE, members: 6 }],
    days: Array.from({ length: 40 }, (_, index) => daySums(index + 1, index < 20 ? 5 : 3)),
    retention: RETENTION_DAYS.map((day) => retentionOf(day < 60 ? 5 : 2, day)),
    cohorts: weeks.map(([week, members]) => ({
      week,
      members,
      retention: RETENTION_DAYS.map((day) => retentionOf(members, day)),
    })),
    rippleWeeks: [1, 2, 3].map((week) => ({
      week,
      members: 3,
      relationshipImprovements: 4,
      positiveInteractions: 9,
      conflictsAvoided: 2,
      othersInspired: 1,
    })),
    change: {
      members: 2,
      firstReflections: 12,
      lastReflections: 9,
      firstMood: 66,
      lastMood: 63,
      firstEmpathy: 70,
      lastEmpathy: 68,
    },
  };
}

/** Nobody matches. */
export function noMemberTotals(): InsightTotals {
  return {
    members: 0,
    joinsByWeek: [],
    joinsByState: [],
    days: [],
    retention: RETENTION_DAYS.map((day) => ({ day, reached: 0, reflected: 0 })),
    cohorts: [],
    rippleWeeks: [],
    change: {
      members: 0,
      firstReflections: 0,
      lastReflections: 0,
      firstMood: 0,
      lastMood: 0,
      firstEmpathy: 0,
      lastEmpathy: 0,
    },
  };
}

const ALL: InsightsQuery = { state: '', joinMonth: '' };

export const movementInsights = (query: InsightsQuery = ALL): Insights =>
  insightsView(movementTotals(), query, COMPUTED_AT);
export const smallStateInsights = (query: InsightsQuery = { state: SMALL_STATE, joinMonth: '' }): Insights =>
  insightsView(smallStateTotals(), query, COMPUTED_AT);
export const noMemberInsights = (query: InsightsQuery = ALL): Insights =>
  insightsView(noMemberTotals(), query, COMPUTED_AT);

/** The movement's figures, or Vermont's 6 members' when the filter is Vermont. */
export const storyInsights = (query: InsightsQuery): Insights =>
  query.state === SMALL_STATE ? smallStateInsights(query) : movementInsights(query);

/**
 * Answers Insights with `answer` (the stories' figures by default) in place of the mocks' own
 * figures over their few fixture members; the other Insights routes stay the mocks'.
 */
export const insightsAnswer = (answer: (query: InsightsQuery) => Insights = storyInsights): HttpHandler =>
  handle(api.adminInsights, ({ query }) => answer(query), { auth: 'skip' });

/** Published on 1 October 2025, from figures computed that morning. */
export const publishedSnapshot = (): ImpactSnapshot => ({
  publishedAt: '2025-10-01T16:30:00.000Z',
  computedAt: '2025-10-01T16:25:00.000Z',
  evidence: movementInsights().evidence,
});
