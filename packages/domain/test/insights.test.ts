import { describe, expect, it, vi } from 'vitest';
import { ImpactSnapshot, Insights, type TimezoneId } from '@prr/contract';
import { AppError } from '../src/errors.js';
import {
  INSIGHTS_CACHE_MINUTES,
  impact,
  insights,
  publishImpact,
  publishedImpact,
  refreshInsights,
  withdrawImpact,
} from '../src/insights/insights.js';
import { insightsCsv, insightsRows } from '../src/insights/insightsCsv.js';
import { HIDDEN_FIGURE_TEXT, MIN_MEMBERS_PER_FIGURE, countFigure, figureOver } from '../src/insights/privacy.js';
import {
  matchesFilter,
  memoryInsightTotals,
  mondayOf,
  type InsightFilter,
  type MemberRecords,
} from '../src/insights/totals.js';
import { memoryStore, memoryStoreInsights, type MemoryData } from '../src/memoryStore.js';
import { CSV_BOM } from '../src/participantsCsv.js';
import type { StoredMember, StoredReflection, StoredRippleEffect, StoredStory } from '../src/records.js';
import { reflectionRequest, testClock } from './support.js';

/** A Monday; 08:00 in New York. Members who joined on 2 March are on day 106: every retention day is over. */
const NOW_ISO = '2026-06-15T12:00:00.000Z';
const NOW = new Date(NOW_ISO);
/** Monday 2 March, 10:00 in New York. */
const MARCH_2 = '2026-03-02T15:00:00.000Z';
const ALL: InsightFilter = { state: '', joinMonth: '' };

const HIDDEN = { hidden: true } as const;
const shownOver = (members: number, values: object = {}) => ({ hidden: false, members, ...values });

let serial = 0;

function member(overrides: Partial<StoredMember> = {}): StoredMember {
  serial += 1;
  return {
    id: `member-id-${serial}`,
    name: `Peacemaker ${serial}`,
    email: `peacemaker${serial}@example.org`,
    zipCode: '10001',
    state: 'New York',
    joinedAt: MARCH_2,
    isActive: true,
    emailReminders: true,
    emailConfirmed: true,
    reminderTime: '09:00',
    timezone: 'America/New_York',
    points: 0,
    level: 'Prospect',
    ...overrides,
  };
}

/** Mood 7, empathy 8, self-awareness 6; paused and reflected, not retried (support.ts's request, stored). */
function reflection(of: StoredMember, day: number, overrides: Partial<StoredReflection> = {}): StoredReflection {
  return { ...reflectionRequest(day), id: `${of.id}-day-${day}`, memberId: of.id, savedAt: MARCH_2, ...overrides };
}

/** 2 relationships improved, 5 positive interactions, 1 conflict avoided, 1 person inspired. */
function ripple(of: StoredMember, week: number, overrides: Partial<StoredRippleEffect> = {}): StoredRippleEffect {
  serial += 1;
  return {
    id: `ripple-${serial}`,
    memberId: of.id,
    week,
    relationshipImprovements: 2,
    positiveInteractions: 5,
    conflictsAvoided: 1,
    othersInspired: 1,
    notes: 'My roommate started pausing too.',
    createdAt: MARCH_2,
    ...overrides,
  };
}

function story(of: StoredMember, content: string): StoredStory {
  return {
    id: `story-${of.id}`,
    memberId: of.id,
    content,
    location: 'Albany, NY',
    rating: 5,
    status: 'approved',
    submittedAt: MARCH_2,
    reviewedAt: MARCH_2,
  };
}

interface Records {
  members: StoredMember[];
  reflections?: StoredReflection[];
  rippleEffects?: StoredRippleEffect[];
  stories?: StoredStory[];
}

function dataOf({ members, reflections = [], rippleEffects = [], stories = [] }: Records): MemoryData {
  return { members, reflections, achievements: [], rippleEffects, stories, states: [] };
}

const totalsOf = (records: Records, filter: InsightFilter = ALL) =>
  memoryStoreInsights(dataOf(records)).totals(filter, NOW);

async function viewOf(records: Records, filter: InsightFilter = ALL): Promise<Insights> {
  const view = await insights(memoryStoreInsights(dataOf(records)), filter, NOW);
  // Nothing beyond the contract's shape: a stray field would be stripped here and differ.
  expect(Insights.parse(view)).toStrictEqual(view);
  return view;
}

/**
 * `n` members alike: joined Monday 2 March in New York, each reflecting on days 1, 7 and 80 with
 * reflection()'s figures and recording week 1 with ripple()'s.
 */
function group(n: number, overrides: Partial<StoredMember> = {}): Required<Records> {
  const members = Array.from({ length: n }, () => member(overrides));
  return {
    members,
    reflections: members.flatMap((m) => [1, 7, 80].map((day) => reflection(m, day))),
    rippleEffects: members.map((m) => ripple(m, 1)),
    stories: [],
  };
}

const join = (...parts: Records[]): Required<Records> => ({
  members: parts.flatMap((p) => p.members),
  reflections: parts.flatMap((p) => p.reflections ?? []),
  rippleEffects: parts.flatMap((p) => p.rippleEffects ?? []),
  stories: parts.flatMap((p) => p.stories ?? []),
});

/** Days 1..90, the given ones shown, the rest hidden. */
const ninetyDays = (shown: Record<number, object>) =>
  Array.from({ length: 90 }, (_, index) => ({ day: index + 1, figure: shown[index + 1] ?? HIDDEN }));

const allRetentionHidden = [7, 14, 30, 60, 90].map((day) => ({ day, figure: HIDDEN }));

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the promise to reject');
}

describe('the privacy threshold', () => {
  it('is 10 members, and a hidden figure says so and nothing else', () => {
    expect(MIN_MEMBERS_PER_FIGURE).toBe(10);
    expect(HIDDEN_FIGURE_TEXT).toBe('fewer than 10');
    const values = vi.fn(() => ({ share: 0.5 }));
    expect(figureOver(9, values)).toStrictEqual(HIDDEN);
    // A hidden figure's values are never even computed.
    expect(values).not.toHaveBeenCalled();
    expect(figureOver(10, values)).toStrictEqual({ hidden: false, members: 10, share: 0.5 });
    expect(countFigure(0)).toStrictEqual(HIDDEN);
    expect(countFigure(11)).toStrictEqual({ hidden: false, members: 11 });
  });

  it('hides every figure over 9 members: no count, no value', async () => {
    const week = [{ week: '2026-03-02', joins: HIDDEN }];
    expect(await viewOf(group(9))).toStrictEqual({
      computedAt: NOW_ISO,
      filter: { state: '', joinMonth: '' },
      members: HIDDEN,
      joinsByWeek: week,
      joinsByState: [{ state: 'New York', joins: HIDDEN }],
      days: ninetyDays({}),
      retention: allRetentionHidden,
      cohorts: [{ week: '2026-03-02', joins: HIDDEN, retention: allRetentionHidden }],
      rippleWeeks: [{ week: 1, figure: HIDDEN }],
      evidence: {
        members: HIDDEN,
        retention: [
          { day: 30, figure: HIDDEN },
          { day: 90, figure: HIDDEN },
        ],
        mood: HIDDEN,
        empathy: HIDDEN,
      },
    });
  });

  it.each([10, 11])('shows every figure over %i members, with its count', async (n) => {
    const shown = (values: object = {}) => shownOver(n, values);
    // Each reflected on day 7 and on no other retention day.
    const retention = [7, 14, 30, 60, 90].map((day) => ({ day, figure: shown({ share: day === 7 ? 1 : 0 }) }));
    const day = shown({ mood: 7, empathy: 8, selfAwareness: 6, paused: 1, reflected: 1, retried: 0 });
    expect(await viewOf(group(n))).toStrictEqual({
      computedAt: NOW_ISO,
      filter: { state: '', joinMonth: '' },
      members: shown(),
      joinsByWeek: [{ week: '2026-03-02', joins: shown() }],
      joinsByState: [{ state: 'New York', joins: shown() }],
      days: ninetyDays({ 1: day, 7: day, 80: day }),
      retention,
      cohorts: [{ week: '2026-03-02', joins: shown(), retention }],
      rippleWeeks: [
        {
          week: 1,
          figure: shown({
            relationshipImprovements: 2 * n,
            positiveInteractions: 5 * n,
            conflictsAvoided: n,
            othersInspired: n,
          }),
        },
      ],
      evidence: {
        members: shown(),
        retention: [
          { day: 30, figure: shown({ share: 0 }) },
          { day: 90, figure: shown({ share: 0 }) },
        ],
        mood: shown({ from: 7, to: 7 }),
        empathy: shown({ from: 8, to: 8 }),
      },
    });
  });

  it('applies to each group on its own: a week or state of 9 is hidden beside one of 10', async () => {
    const march2 = [
      ...Array.from({ length: 8 }, () => member({ state: 'Ohio' })),
      ...Array.from({ length: 2 }, () => member({ state: 'Texas' })),
    ];
    // Tuesday 10 March: the next week.
    const march9 = [
      ...Array.from({ length: 2 }, () => member({ state: 'Ohio', joinedAt: '2026-03-10T15:00:00.000Z' })),
      ...Array.from({ length: 7 }, () => member({ state: 'Texas', joinedAt: '2026-03-10T15:00:00.000Z' })),
    ];
    // Four of the first week's reflected on day 7.
    const view = await viewOf({
      members: [...march2, ...march9],
      reflections: march2.slice(0, 4).map((m) => reflection(m, 7)),
    });
    expect(view.members).toStrictEqual(shownOver(19));
    expect(view.joinsByWeek).toStrictEqual([
      { week: '2026-03-02', joins: shownOver(10) },
      { week: '2026-03-09', joins: HIDDEN },
    ]);
    expect(view.joinsByState).toStrictEqual([
      { state: 'Ohio', joins: shownOver(10) },
      { state: 'Texas', joins: HIDDEN },
    ]);
    expect(view.retention[0]).toStrictEqual({ day: 7, figure: shownOver(19, { share: 0.211 }) }); // 4/19
    expect(view.cohorts).toStrictEqual([
      {
        week: '2026-03-02',
        joins: shownOver(10),
        retention: [7, 14, 30, 60, 90].map((day) => ({ day, figure: shownOver(10, { share: day === 7 ? 0.4 : 0 }) })),
      },
      { week: '2026-03-09', joins: HIDDEN, retention: allRetentionHidden },
    ]);
  });
});

describe('the filters', () => {
  // 12 in Ohio and 10 in Texas; 12 joined in March, 10 in April. Everyone reflected on day 1.
  const inMarch = '2026-03-10T15:00:00.000Z'; // a Tuesday: week of 9 March
  const inApril = '2026-04-14T15:00:00.000Z'; // a Tuesday: week of 13 April
  const cohort = (n: number, state: string, joinedAt: string) => {
    const members = Array.from({ length: n }, () => member({ state, joinedAt }));
    return { members, reflections: members.map((m) => reflection(m, 1)) };
  };
  const movement = () =>
    join(
      cohort(6, 'Ohio', inMarch),
      cohort(6, 'Ohio', inApril),
      cohort(6, 'Texas', inMarch),
      cohort(4, 'Texas', inApril),
    );
  const dayOne = (view: Insights) => view.days[0]?.figure;
  const dayValues = { mood: 7, empathy: 8, selfAwareness: 6, paused: 1, reflected: 1, retried: 0 };

  it('without a filter, counts everyone', async () => {
    const view = await viewOf(movement());
    expect(view.members).toStrictEqual(shownOver(22));
    expect(view.joinsByWeek).toStrictEqual([
      { week: '2026-03-09', joins: shownOver(12) },
      { week: '2026-04-13', joins: shownOver(10) },
    ]);
    expect(view.joinsByState).toStrictEqual([
      { state: 'Ohio', joins: shownOver(12) },
      { state: 'Texas', joins: shownOver(10) },
    ]);
    expect(dayOne(view)).toStrictEqual(shownOver(22, dayValues));
  });

  it('by state: the threshold counts the members left', async () => {
    const view = await viewOf(movement(), { state: 'Ohio', joinMonth: '' });
    expect(view.filter).toStrictEqual({ state: 'Ohio', joinMonth: '' });
    expect(view.members).toStrictEqual(shownOver(12));
    // Ohio's 12 are 6 a week: each week hidden.
    expect(view.joinsByWeek).toStrictEqual([
      { week: '2026-03-09', joins: HIDDEN },
      { week: '2026-04-13', joins: HIDDEN },
    ]);
    expect(view.joinsByState).toStrictEqual([{ state: 'Ohio', joins: shownOver(12) }]);
    expect(dayOne(view)).toStrictEqual(shownOver(12, dayValues));
  });

  it('by join month', async () => {
    const view = await viewOf(movement(), { state: '', joinMonth: '2026-03' });
    expect(view.members).toStrictEqual(shownOver(12));
    expect(view.joinsByWeek).toStrictEqual([{ week: '2026-03-09', joins: shownOver(12) }]);
    expect(view.joinsByState).toStrictEqual([
      { state: 'Ohio', joins: HIDDEN },
      { state: 'Texas', joins: HIDDEN },
    ]);
    expect(dayOne(view)).toStrictEqual(shownOver(12, dayValues));
  });

  it('by both: Ohio’s group of 12 narrowed to its 6 March joiners is hidden everywhere', async () => {
    const view = await viewOf(movement(), { state: 'Ohio', joinMonth: '2026-03' });
    expect(view.filter).toStrictEqual({ state: 'Ohio', joinMonth: '2026-03' });
    expect(view.members).toStrictEqual(HIDDEN);
    expect(view.joinsByWeek).toStrictEqual([{ week: '2026-03-09', joins: HIDDEN }]);
    expect(view.joinsByState).toStrictEqual([{ state: 'Ohio', joins: HIDDEN }]);
    expect(view.days).toStrictEqual(ninetyDays({}));
    expect(view.retention).toStrictEqual(allRetentionHidden);
    expect(view.cohorts).toStrictEqual([{ week: '2026-03-09', joins: HIDDEN, retention: allRetentionHidden }]);
    expect((await totalsOf(movement(), { state: 'Ohio', joinMonth: '2026-03' })).members).toBe(6);
  });

  it('a filter matching nobody answers hidden figures and empty groups', async () => {
    const view = await viewOf(movement(), { state: 'Alaska', joinMonth: '' });
    expect(view.members).toStrictEqual(HIDDEN);
    expect(view.joinsByWeek).toStrictEqual([]);
    expect(view.joinsByState).toStrictEqual([]);
    expect(view.cohorts).toStrictEqual([]);
    expect(view.rippleWeeks).toStrictEqual([]);
    expect(view.days).toStrictEqual(ninetyDays({}));
  });

  it('matchesFilter: active members of the state, joined in the month in their own zone', () => {
    // Sunday 1 March in Los Angeles; Monday 2 March in UTC.
    const angeleno = member({
      state: 'California',
      timezone: 'America/Los_Angeles',
      joinedAt: '2026-03-02T03:00:00.000Z',
    });
    expect(matchesFilter(angeleno, ALL)).toBe(true);
    expect(matchesFilter(angeleno, { state: 'California', joinMonth: '' })).toBe(true);
    expect(matchesFilter(angeleno, { state: 'Oregon', joinMonth: '' })).toBe(false);
    expect(matchesFilter(angeleno, { state: '', joinMonth: '2026-03' })).toBe(true);
    expect(matchesFilter(angeleno, { state: '', joinMonth: '2026-02' })).toBe(false);
    expect(matchesFilter(angeleno, { state: 'California', joinMonth: '2026-03' })).toBe(true);
    expect(matchesFilter({ ...angeleno, isActive: false }, ALL)).toBe(false);
  });
});

describe('inactive members', () => {
  it('are left out of every figure and of the threshold', async () => {
    const gone = member({ isActive: false, state: 'Texas' });
    const goneRecords = {
      members: [gone],
      reflections: [1, 7, 80].map((day) => reflection(gone, day, { mood: 1, empathyScore: 1, paused: false })),
      rippleEffects: [ripple(gone, 1, { relationshipImprovements: 100 })],
    };
    const view = await viewOf(join(group(10), goneRecords));
    expect(view.members).toStrictEqual(shownOver(10));
    expect(view.joinsByState).toStrictEqual([{ state: 'New York', joins: shownOver(10) }]);
    expect(view.days[0]?.figure).toStrictEqual(
      shownOver(10, { mood: 7, empathy: 8, selfAwareness: 6, paused: 1, reflected: 1, retried: 0 }),
    );
    expect(view.rippleWeeks).toStrictEqual([
      {
        week: 1,
        figure: shownOver(10, {
          relationshipImprovements: 20,
          positiveInteractions: 50,
          conflictsAvoided: 10,
          othersInspired: 10,
        }),
      },
    ]);
    expect(view.evidence.mood).toStrictEqual(shownOver(10, { from: 7, to: 7 }));
    expect(view.retention[0]).toStrictEqual({ day: 7, figure: shownOver(10, { share: 1 }) });

    // 9 active and 3 inactive: still fewer than 10.
    const inactive = Array.from({ length: 3 }, () => member({ isActive: false }));
    expect((await viewOf(join(group(9), { members: inactive }))).members).toStrictEqual(HIDDEN);
  });
});

describe('the sums (totals)', () => {
  it('joins per week (Monday in the member’s zone) and by state, ascending; cohorts by the same weeks', async () => {
    const totals = await totalsOf({
      members: [
        member({ state: 'New York', joinedAt: MARCH_2 }),
        // Sunday 8 March, 11:00 in New York (daylight time from that morning): still the week of 2 March.
        member({ state: 'New York', joinedAt: '2026-03-08T15:00:00.000Z' }),
        // Monday 9 March, 10:00 in Chicago.
        member({ state: 'Texas', timezone: 'America/Chicago', joinedAt: '2026-03-09T15:00:00.000Z' }),
        // Friday 27 February; no known state.
        member({ state: '', joinedAt: '2026-02-27T15:00:00.000Z' }),
        member({ state: 'Texas', isActive: false, joinedAt: '2026-03-09T15:00:00.000Z' }),
      ],
    });
    expect(totals.members).toBe(4);
    expect(totals.joinsByWeek).toStrictEqual([
      { week: '2026-02-23', members: 1 },
      { week: '2026-03-02', members: 2 },
      { week: '2026-03-09', members: 1 },
    ]);
    expect(totals.joinsByState).toStrictEqual([
      { state: '', members: 1 },
      { state: 'New York', members: 2 },
      { state: 'Texas', members: 1 },
    ]);
    expect(totals.cohorts.map((c) => [c.week, c.members])).toStrictEqual([
      ['2026-02-23', 1],
      ['2026-03-02', 2],
      ['2026-03-09', 1],
    ]);
  });

  it('days: one row per day someone reflected on, with the sums; averages to 2 decimals and shares to 3 in the view', async () => {
    const members = Array.from({ length: 11 }, () => member());
    const reflections = [
      // Day 1, members 1..10: moods 1..10, empathy 7 (member 1: 8), self-awareness 5 for three then 6,
      // paused for seven, retried for one.
      ...members.slice(0, 10).map((m, i) =>
        reflection(m, 1, {
          mood: i + 1,
          empathyScore: i === 0 ? 8 : 7,
          selfAwarenessScore: i < 3 ? 5 : 6,
          paused: i < 7,
          retried: i === 9,
        }),
      ),
      // Day 2: nine members, the defaults.
      ...members.slice(0, 9).map((m) => reflection(m, 2)),
      // Day 3: all 11; mood 4 but one 6, paused by two, reflected by all but one.
      ...members.map((m, i) => reflection(m, 3, { mood: i === 10 ? 6 : 4, paused: i < 2, reflected: i !== 10 })),
      // Not a day of the experiment (the rules refuse it; kept data might hold one).
      ...members.map((m) => reflection(m, 91)),
    ];
    const records = { members, reflections };

    expect((await totalsOf(records)).days).toStrictEqual([
      { day: 1, reflections: 10, mood: 55, empathy: 71, selfAwareness: 57, paused: 7, reflected: 10, retried: 1 },
      { day: 2, reflections: 9, mood: 63, empathy: 72, selfAwareness: 54, paused: 9, reflected: 9, retried: 0 },
      { day: 3, reflections: 11, mood: 46, empathy: 88, selfAwareness: 66, paused: 2, reflected: 10, retried: 0 },
    ]);

    const view = await viewOf(records);
    // Every day of the 90 is there; a day nobody (or fewer than 10) reflected on is hidden.
    expect(view.days.map((d) => d.day)).toStrictEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(view.days).toStrictEqual(
      ninetyDays({
        1: shownOver(10, { mood: 5.5, empathy: 7.1, selfAwareness: 5.7, paused: 0.7, reflected: 1, retried: 0.1 }),
        // 46/11 = 4.1818…, 2/11 = 0.1818…, 10/11 = 0.9090…
        3: shownOver(11, { mood: 4.18, empathy: 8, selfAwareness: 6, paused: 0.182, reflected: 0.909, retried: 0 }),
      }),
    );
  });

  it('retention: of the members whose day is over (in their own zone), those who reflected on it; by cohort too', async () => {
    const m1 = member(); // day 106
    const m6 = member(); // day 106
    // Saturday 16 May in New York: day 31 now, so day 30 is over.
    const m2 = member({ joinedAt: '2026-05-16T15:00:00.000Z' });
    // Sunday 17 May: day 30 now, not over.
    const m3 = member({ joinedAt: '2026-05-17T15:00:00.000Z' });
    // 19:00 on Saturday 16 May in Honolulu (17 May in UTC); 02:00 on 15 June there now: day 31.
    const m4 = member({ timezone: 'Pacific/Honolulu', joinedAt: '2026-05-17T05:00:00.000Z' });
    // 01:00 on Sunday 17 May in Tokyo (16 May in UTC); 21:00 on 15 June there now: day 30, not over,
    // though in UTC it would be (as m4's would not).
    const m5 = member({ timezone: 'Asia/Tokyo', joinedAt: '2026-05-16T16:00:00.000Z' });
    // Joined this morning: day 1, no retention day over.
    const m7 = member({ joinedAt: '2026-06-15T11:00:00.000Z' });
    const gone = member({ isActive: false });
    const totals = await totalsOf({
      members: [m1, m2, m3, m4, m5, m6, m7, gone],
      reflections: [
        ...[7, 14, 30].map((day) => reflection(m1, day)),
        ...[7, 30].map((day) => reflection(m2, day)),
        reflection(m3, 14),
        // Today for m3: saved, but day 30 is not over yet.
        reflection(m3, 30),
        reflection(m4, 30),
        reflection(m6, 90),
        ...[7, 14, 30, 60, 90].map((day) => reflection(gone, day)),
      ],
    });
    expect(totals.retention).toStrictEqual([
      { day: 7, reached: 6, reflected: 2 },
      { day: 14, reached: 6, reflected: 2 },
      { day: 30, reached: 4, reflected: 3 },
      { day: 60, reached: 2, reflected: 0 },
      { day: 90, reached: 2, reflected: 1 },
    ]);
    expect(totals.cohorts).toStrictEqual([
      {
        week: '2026-03-02',
        members: 2,
        retention: [
          { day: 7, reached: 2, reflected: 1 },
          { day: 14, reached: 2, reflected: 1 },
          { day: 30, reached: 2, reflected: 1 },
          { day: 60, reached: 2, reflected: 0 },
          { day: 90, reached: 2, reflected: 1 },
        ],
      },
      {
        week: '2026-05-11',
        members: 4,
        retention: [
          { day: 7, reached: 4, reflected: 1 },
          { day: 14, reached: 4, reflected: 1 },
          { day: 30, reached: 2, reflected: 2 },
          { day: 60, reached: 0, reflected: 0 },
          { day: 90, reached: 0, reflected: 0 },
        ],
      },
      {
        week: '2026-06-15',
        members: 1,
        retention: [7, 14, 30, 60, 90].map((day) => ({ day, reached: 0, reflected: 0 })),
      },
    ]);
  });

  it('retention shares stand on the members reached: shown from 10, hidden at 9', async () => {
    const old = Array.from({ length: 9 }, () => member()); // day 106
    const p = member({ joinedAt: '2026-05-16T15:00:00.000Z' }); // day 31
    const q = member({ joinedAt: '2026-06-01T15:00:00.000Z' }); // day 15
    const view = await viewOf({
      members: [...old, p, q],
      reflections: [
        ...old.slice(0, 2).map((m) => reflection(m, 7)),
        ...old.slice(0, 5).map((m) => reflection(m, 30)),
        reflection(p, 30),
        reflection(q, 7),
        reflection(q, 14),
      ],
    });
    expect(view.retention).toStrictEqual([
      { day: 7, figure: shownOver(11, { share: 0.273 }) }, // 3/11
      { day: 14, figure: shownOver(11, { share: 0.091 }) }, // 1/11
      { day: 30, figure: shownOver(10, { share: 0.6 }) }, // 6/10
      { day: 60, figure: HIDDEN }, // 9 reached
      { day: 90, figure: HIDDEN },
    ]);
    expect(view.evidence.retention).toStrictEqual([
      { day: 30, figure: shownOver(10, { share: 0.6 }) },
      { day: 90, figure: HIDDEN },
    ]);
  });

  it('ripple weeks: summed per week, each member counted once a week, weeks ascending', async () => {
    const a = member();
    const b = member();
    const c = member();
    const gone = member({ isActive: false });
    const totals = await totalsOf({
      members: [a, b, c, gone],
      rippleEffects: [
        ripple(a, 2, { relationshipImprovements: 1, positiveInteractions: 1, conflictsAvoided: 1, othersInspired: 1 }),
        ripple(a, 1),
        // Older data: two records of b's week 1.
        ripple(b, 1, { relationshipImprovements: 1, positiveInteractions: 0, conflictsAvoided: 0, othersInspired: 0 }),
        ripple(b, 1, { relationshipImprovements: 0, positiveInteractions: 2, conflictsAvoided: 0, othersInspired: 1 }),
        // Not a week of the experiment.
        ripple(c, 0, { relationshipImprovements: 50 }),
        ripple(gone, 1, { relationshipImprovements: 50 }),
      ],
    });
    expect(totals.rippleWeeks).toStrictEqual([
      {
        week: 1,
        members: 2,
        relationshipImprovements: 3,
        positiveInteractions: 7,
        conflictsAvoided: 1,
        othersInspired: 2,
      },
      {
        week: 2,
        members: 1,
        relationshipImprovements: 1,
        positiveInteractions: 1,
        conflictsAvoided: 1,
        othersInspired: 1,
      },
    ]);
  });

  it('change: week 1 (days 1–7) against week 12 (days 78–84), over members with both, reflections pooled', async () => {
    const [m1, m2, m3, m4] = [member(), member(), member(), member()] as [
      StoredMember,
      StoredMember,
      StoredMember,
      StoredMember,
    ];
    const gone = member({ isActive: false });
    const totals = await totalsOf({
      members: [m1, m2, m3, m4, gone],
      reflections: [
        reflection(m1, 1, { mood: 4, empathyScore: 5 }),
        reflection(m1, 2, { mood: 6, empathyScore: 5 }),
        reflection(m1, 77, { mood: 1, empathyScore: 1 }), // week 11
        reflection(m1, 80, { mood: 8, empathyScore: 7 }),
        reflection(m2, 3, { mood: 5, empathyScore: 6 }),
        reflection(m2, 84, { mood: 9, empathyScore: 9 }),
        reflection(m2, 85, { mood: 1, empathyScore: 1 }), // week 13
        reflection(m3, 1, { mood: 1 }), // week 1 only
        reflection(m4, 78, { mood: 1 }), // week 12 only
        reflection(gone, 1, { mood: 1 }),
        reflection(gone, 80, { mood: 1 }),
      ],
    });
    expect(totals.change).toStrictEqual({
      members: 2,
      firstReflections: 3,
      lastReflections: 2,
      firstMood: 15,
      lastMood: 17,
      firstEmpathy: 16,
      lastEmpathy: 16,
    });
  });

  it('the evidence: pooled averages of week 1 and week 12 over the members with both', async () => {
    const both = Array.from({ length: 10 }, () => member());
    const [first] = both as [StoredMember];
    const weekOneOnly = member();
    const weekTwelveOnly = member();
    const elevenNotTwelve = member();
    const view = await viewOf({
      members: [...both, weekOneOnly, weekTwelveOnly, elevenNotTwelve],
      reflections: [
        // The first member reflected three times in week 1, in a low mood: 3×2 + 9×5 over 12 = 4.25.
        ...[1, 2, 3].map((day) => reflection(first, day, { mood: 2, empathyScore: 6 })),
        ...both.slice(1).map((m) => reflection(m, 1, { mood: 5, empathyScore: 6 })),
        // Week 12: mood 7; empathy 9 for the first member, 7 for the others: 72/10 = 7.2.
        ...both.map((m, i) => reflection(m, 80, { mood: 7, empathyScore: i === 0 ? 9 : 7 })),
        reflection(weekOneOnly, 1, { mood: 10, empathyScore: 10 }),
        reflection(weekTwelveOnly, 80, { mood: 1, empathyScore: 1 }),
        reflection(elevenNotTwelve, 1, { mood: 10, empathyScore: 10 }),
        reflection(elevenNotTwelve, 77, { mood: 1, empathyScore: 1 }),
        reflection(elevenNotTwelve, 85, { mood: 1, empathyScore: 1 }),
      ],
    });
    expect(view.evidence.mood).toStrictEqual(shownOver(10, { from: 4.25, to: 7 }));
    expect(view.evidence.empathy).toStrictEqual(shownOver(10, { from: 6, to: 7.2 }));
    expect(view.evidence.members).toStrictEqual(shownOver(13));
  });

  it('lets other work run between batches of 2,000 members', async () => {
    const records: MemberRecords[] = Array.from({ length: 4_001 }, () => ({
      member: member(),
      reflections: [],
      rippleEffects: [],
    }));
    const pause = vi.fn(async () => {});
    const totals = await memoryInsightTotals(records, ALL, NOW, pause);
    expect(pause).toHaveBeenCalledTimes(2);
    expect(totals.members).toBe(4_001);
  });
});

describe('time zones', () => {
  it.each([
    // [mondayOf's input, its Monday]
    ['2026-03-02', '2026-03-02'], // a Monday
    ['2026-03-04', '2026-03-02'], // a Wednesday
    ['2026-03-01', '2026-02-23'], // a Sunday
    ['2026-03-08', '2026-03-02'], // a Sunday
    ['2026-01-01', '2025-12-29'], // a Thursday, across the year
    ['2024-03-03', '2024-02-26'], // a Sunday, across 29 February
  ])('mondayOf(%s) is %s', (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });

  // `otherMonth`: the month in UTC where it differs; the one before otherwise.
  const zoneCases: {
    joinedAt: string;
    timezone: TimezoneId;
    week: string;
    month: string;
    otherMonth: string;
    there: string;
  }[] = [
    {
      joinedAt: '2026-03-02T03:00:00.000Z',
      timezone: 'America/Los_Angeles',
      week: '2026-02-23',
      month: '2026-03',
      otherMonth: '2026-02',
      there: 'Sunday 1 March; Monday 2 March in UTC',
    },
    {
      joinedAt: '2026-03-01T03:00:00.000Z',
      timezone: 'America/Los_Angeles',
      week: '2026-02-23',
      month: '2026-02',
      otherMonth: '2026-03',
      there: 'Saturday 28 February; 1 March in UTC',
    },
    {
      joinedAt: '2026-02-28T20:00:00.000Z',
      timezone: 'Asia/Tokyo',
      week: '2026-02-23',
      month: '2026-03',
      otherMonth: '2026-02',
      there: 'Sunday 1 March; 28 February in UTC',
    },
    {
      joinedAt: '2026-03-01T16:00:00.000Z',
      timezone: 'Asia/Tokyo',
      week: '2026-03-02',
      month: '2026-03',
      otherMonth: '2026-02',
      there: 'Monday 2 March; Sunday 1 March in UTC',
    },
    {
      joinedAt: '2026-03-30T03:30:00.000Z',
      timezone: 'America/New_York',
      week: '2026-03-23',
      month: '2026-03',
      otherMonth: '2026-02',
      there: 'Sunday 29 March; Monday 30 March in UTC',
    },
    {
      joinedAt: '2026-03-31T14:00:00.000Z',
      timezone: 'Australia/Sydney',
      week: '2026-03-30',
      month: '2026-04',
      otherMonth: '2026-03',
      there: 'Wednesday 1 April; 31 March in UTC',
    },
  ];

  it.each(zoneCases)(
    'joined $joinedAt in $timezone ($there): week of $week, month $month',
    async ({ joinedAt, timezone, week, month, otherMonth }) => {
      const records = { members: [member({ joinedAt, timezone })] };
      const totals = await totalsOf(records);
      expect(totals.joinsByWeek).toStrictEqual([{ week, members: 1 }]);
      expect(totals.cohorts.map((c) => c.week)).toStrictEqual([week]);
      expect((await totalsOf(records, { state: '', joinMonth: month })).members).toBe(1);
      expect((await totalsOf(records, { state: '', joinMonth: otherMonth })).members).toBe(0);
    },
  );

  it('ten members who joined on 28 February in Los Angeles (1 March in UTC) are February’s', async () => {
    const records = group(10, { timezone: 'America/Los_Angeles', joinedAt: '2026-03-01T03:00:00.000Z' });
    const february = await viewOf(records, { state: '', joinMonth: '2026-02' });
    expect(february.members).toStrictEqual(shownOver(10));
    expect(february.joinsByWeek).toStrictEqual([{ week: '2026-02-23', joins: shownOver(10) }]);
    expect((await viewOf(records, { state: '', joinMonth: '2026-03' })).members).toStrictEqual(HIDDEN);
  });
});

describe('what never leaves', () => {
  it('notes, prompt responses, story text, names, e-mails and ids are in no output', async () => {
    const members = Array.from({ length: 10 }, (_, i) =>
      member({ name: `SECRET name ${i}`, email: `secret${i}@private.example` }),
    );
    const records = {
      members,
      reflections: members.flatMap((m) =>
        [1, 7, 80].map((day) =>
          reflection(m, day, {
            notes: 'SECRET note',
            promptResponse: 'SECRET response',
            reflectionPrompt: 'SECRET prompt',
          }),
        ),
      ),
      rippleEffects: members.map((m) => ripple(m, 1, { notes: 'SECRET ripple note' })),
      stories: members.map((m) => story(m, 'SECRET story text')),
    };
    const data = dataOf(records);
    const store = memoryStore(data);
    const source = memoryStoreInsights(data);
    const view = await insights(source, ALL, NOW);
    // The figures are shown, so the test would see anything they carried.
    expect(view.members).toStrictEqual(shownOver(10));
    expect(view.evidence.mood).toStrictEqual(shownOver(10, { from: 7, to: 7 }));
    const outputs = [
      JSON.stringify(view),
      await text(insightsCsv(view)),
      JSON.stringify(await publishImpact(store, source, NOW)),
      JSON.stringify(await impact(store)),
      JSON.stringify(await source.totals(ALL, NOW)),
    ];
    for (const output of outputs) {
      expect(output).not.toMatch(/secret/i);
      expect(output).not.toContain('member-id-');
      expect(output).not.toContain('Albany');
    }
  });
});

describe('the cache', () => {
  it(`keeps a filter's figures for ${INSIGHTS_CACHE_MINUTES} minutes, then computes afresh; a refresh drops them all`, async () => {
    expect(INSIGHTS_CACHE_MINUTES).toBe(10);
    const clock = testClock(NOW_ISO);
    const data = dataOf(group(10));
    const source = memoryStoreInsights(data);
    const newYork: InsightFilter = { state: 'New York', joinMonth: '' };
    const read = async (filter: InsightFilter = ALL) => {
      const view = await insights(source, filter, clock.now());
      return { computedAt: view.computedAt, members: view.members };
    };

    expect(await read()).toStrictEqual({ computedAt: NOW_ISO, members: shownOver(10) });
    // A member joins: the cached figures do not know yet.
    data.members.push(member());
    clock.advance(10 * 60_000 - 1);
    expect(await read()).toStrictEqual({ computedAt: NOW_ISO, members: shownOver(10) });
    // Each filter is cached on its own.
    expect(await read(newYork)).toStrictEqual({ computedAt: '2026-06-15T12:09:59.999Z', members: shownOver(11) });
    expect(await read({ state: '', joinMonth: '2026-04' })).toStrictEqual({
      computedAt: '2026-06-15T12:09:59.999Z',
      members: HIDDEN,
    });
    clock.advance(1);
    expect(await read()).toStrictEqual({ computedAt: '2026-06-15T12:10:00.000Z', members: shownOver(11) });

    data.members.push(member());
    clock.advance(60_000);
    expect(await read()).toStrictEqual({ computedAt: '2026-06-15T12:10:00.000Z', members: shownOver(11) });
    expect(await read(newYork)).toStrictEqual({ computedAt: '2026-06-15T12:09:59.999Z', members: shownOver(11) });
    expect(await refreshInsights(source)).toStrictEqual({ refreshed: true });
    expect(await read()).toStrictEqual({ computedAt: '2026-06-15T12:11:00.000Z', members: shownOver(12) });
    expect(await read(newYork)).toStrictEqual({ computedAt: '2026-06-15T12:11:00.000Z', members: shownOver(12) });
  });
});

describe('/impact', () => {
  it('publishes the whole movement’s evidence as Insights shows it; withdrawn it is 404, and a second withdrawal is a conflict', async () => {
    const clock = testClock(NOW_ISO);
    const data = dataOf(join(group(10), group(10, { state: 'Ohio' })));
    const store = memoryStore(data);
    const source = memoryStoreInsights(data);

    const before = await rejection(impact(store));
    expect([before.code, before.status]).toStrictEqual(['not_found', 404]);
    expect(await publishedImpact(store)).toStrictEqual({ snapshot: null });

    // Insights read (and cached) at 12:00, with a filter and without; published 5 minutes later.
    await insights(source, { state: 'Ohio', joinMonth: '' }, clock.now());
    await insights(source, ALL, clock.now());
    clock.advance(5 * 60_000);
    const snapshot = await publishImpact(store, source, clock.now());
    const evidence = {
      members: shownOver(20),
      retention: [
        { day: 30, figure: shownOver(20, { share: 0 }) },
        { day: 90, figure: shownOver(20, { share: 0 }) },
      ],
      mood: shownOver(20, { from: 7, to: 7 }),
      empathy: shownOver(20, { from: 8, to: 8 }),
    };
    expect(snapshot).toStrictEqual({
      publishedAt: '2026-06-15T12:05:00.000Z',
      computedAt: NOW_ISO,
      evidence,
    });
    expect(ImpactSnapshot.parse(snapshot)).toStrictEqual(snapshot);
    expect(data.impactSnapshot).toStrictEqual(snapshot);
    expect(await impact(store)).toStrictEqual(snapshot);
    expect(await publishedImpact(store)).toStrictEqual({ snapshot });

    // Publishing again replaces the snapshot.
    clock.advance(60 * 60_000);
    const later = await publishImpact(store, source, clock.now());
    expect([later.publishedAt, later.computedAt]).toStrictEqual([
      '2026-06-15T13:05:00.000Z',
      '2026-06-15T13:05:00.000Z',
    ]);
    expect(await impact(store)).toStrictEqual(later);

    expect(await withdrawImpact(store)).toStrictEqual({ withdrawn: true });
    expect('impactSnapshot' in data).toBe(false);
    const after = await rejection(impact(store));
    expect([after.code, after.status]).toStrictEqual(['not_found', 404]);
    expect(await publishedImpact(store)).toStrictEqual({ snapshot: null });
    const twice = await rejection(withdrawImpact(store));
    expect([twice.code, twice.status]).toStrictEqual(['conflict', 409]);
  });
});

describe('the CSV', () => {
  it('one row per figure and measure; a hidden figure says "fewer than 10" with no measure or value', async () => {
    const members = [...Array.from({ length: 10 }, () => member()), member({ state: '' })];
    const tenOfThem = members.slice(0, 10);
    const view = await viewOf({
      members,
      reflections: tenOfThem.map((m) => reflection(m, 1)),
      rippleEffects: tenOfThem.map((m) => ripple(m, 1)),
    });
    const retentionRows = (section: string, group: (day: number) => string) =>
      [7, 14, 30, 60, 90].map((day) => `${section},${group(day)},Share who reflected,11,0`);
    const lines = [
      'Section,Group,Measure,Members,Value',
      `Filter,"All states, every month",Computed at,,${NOW_ISO}`,
      'Members,All,Members,11,11',
      'Joins per week,2026-03-02,Members,11,11',
      'Joins by state,No state,,fewer than 10,',
      'Joins by state,New York,Members,10,10',
      'Experiment day,Day 1,Members reflecting,10,10',
      'Experiment day,Day 1,Average mood,10,7',
      'Experiment day,Day 1,Average empathy,10,8',
      'Experiment day,Day 1,Average self-awareness,10,6',
      'Experiment day,Day 1,Share paused,10,1',
      'Experiment day,Day 1,Share reflected,10,1',
      'Experiment day,Day 1,Share retried,10,0',
      ...Array.from({ length: 89 }, (_, i) => `Experiment day,Day ${i + 2},,fewer than 10,`),
      ...retentionRows('Retention', (day) => `Day ${day}`),
      'Cohort,2026-03-02,Members,11,11',
      ...retentionRows('Cohort retention', (day) => `2026-03-02 day ${day}`),
      'Ripple effects,Week 1,Relationship improvements,10,20',
      'Ripple effects,Week 1,Positive interactions,10,50',
      'Ripple effects,Week 1,Conflicts avoided,10,10',
      'Ripple effects,Week 1,Others inspired,10,10',
      'Evidence,"Mood, week 1 to week 12",,fewer than 10,',
      'Evidence,"Empathy, week 1 to week 12",,fewer than 10,',
    ];
    expect(await text(insightsCsv(view))).toBe(CSV_BOM + lines.map((line) => `${line}\r\n`).join(''));
  });

  it('names the filter, and a group of 12 the filter narrows to 6 is hidden in every row', async () => {
    const ohio = join(group(6, { state: 'Ohio' }), group(6, { state: 'Ohio', joinedAt: '2026-04-14T15:00:00.000Z' }));
    expect((await viewOf(ohio, { state: 'Ohio', joinMonth: '' })).members).toStrictEqual(shownOver(12));
    const rows = insightsRows(await viewOf(ohio, { state: 'Ohio', joinMonth: '2026-04' }));
    expect(rows.slice(0, 4)).toStrictEqual([
      ['Filter', 'Ohio, 2026-04', 'Computed at', '', NOW_ISO],
      ['Members', 'All', '', 'fewer than 10', ''],
      ['Joins per week', '2026-04-13', '', 'fewer than 10', ''],
      ['Joins by state', 'Ohio', '', 'fewer than 10', ''],
    ]);
    // Members, a week, a state, 90 days, 5 retention days, a cohort and its 5, a ripple week, 2 evidence.
    expect(rows).toHaveLength(1 + 1 + 1 + 1 + 90 + 5 + 1 + 5 + 1 + 2);
    for (const row of rows.slice(1)) expect([row[2], row[3], row[4]]).toStrictEqual(['', 'fewer than 10', '']);
  });
});
