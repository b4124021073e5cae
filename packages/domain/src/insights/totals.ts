/**
 * The sums Insights is computed from (docs/product/insights.md#how-they-are-computed). A store
 * answers them for a filter (InsightSource in ports.ts): PostgreSQL in SQL, the memory stores
 * with `memoryInsightTotals` below. They hold counts and integer sums only, never a member, a
 * note, a prompt response or a story; the threshold is applied to them afterwards
 * (insightsView.ts), so both stores answer identical figures.
 */
import { EVIDENCE_WEEKS, EXPERIMENT_DAYS, RETENTION_DAYS, type InsightsQuery } from '@prr/contract';
import { addDays, calendarDate } from '../calendar.js';
import { experimentDay } from '../members.js';
import type { StoredMember, StoredReflection, StoredRippleEffect } from '../records.js';

/** Which members: active ones, of one state ('' all) and join month (YYYY-MM in their zone; '' all). */
export type InsightFilter = Pick<InsightsQuery, 'state' | 'joinMonth'>;

export interface RetentionCount {
  day: number;
  /** Members whose day `day` is over. */
  reached: number;
  /** Of them, those with a reflection for that day. */
  reflected: number;
}

export interface DaySums {
  day: number;
  /** Reflections saved for the day: one per member. */
  reflections: number;
  mood: number;
  empathy: number;
  selfAwareness: number;
  paused: number;
  reflected: number;
  retried: number;
}

export interface RippleWeekSums {
  week: number;
  /** Members who recorded the week (older data may hold several records of one member's week: summed, counted once). */
  members: number;
  relationshipImprovements: number;
  positiveInteractions: number;
  conflictsAvoided: number;
  othersInspired: number;
}

/** Week 1 against week 12, over the members with reflections in both (their reflections pooled). */
export interface ChangeSums {
  members: number;
  firstReflections: number;
  lastReflections: number;
  firstMood: number;
  lastMood: number;
  firstEmpathy: number;
  lastEmpathy: number;
}

export interface InsightTotals {
  members: number;
  /** By the Monday of the join week in the member's zone, ascending. */
  joinsByWeek: { week: string; members: number }[];
  /** By full state name ('' for none), ascending. */
  joinsByState: { state: string; members: number }[];
  /** Days 1..90 with at least one reflection, ascending. */
  days: DaySums[];
  /** One per RETENTION_DAYS, in its order. */
  retention: RetentionCount[];
  /** By join week, ascending; each with one RetentionCount per RETENTION_DAYS. */
  cohorts: { week: string; members: number; retention: RetentionCount[] }[];
  /** Weeks with at least one record, ascending. */
  rippleWeeks: RippleWeekSums[];
  change: ChangeSums;
}

/** The Monday (YYYY-MM-DD) of the week holding a calendar date. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Week 1 is days 1 to 7. */
export function weekOfDay(day: number): number {
  return Math.ceil(day / 7);
}

export function matchesFilter(member: StoredMember, filter: InsightFilter): boolean {
  if (!member.isActive) return false;
  if (filter.state !== '' && member.state !== filter.state) return false;
  return (
    filter.joinMonth === '' || calendarDate(new Date(member.joinedAt), member.timezone).startsWith(filter.joinMonth)
  );
}

const emptyDay = (day: number): DaySums => ({
  day,
  reflections: 0,
  mood: 0,
  empathy: 0,
  selfAwareness: 0,
  paused: 0,
  reflected: 0,
  retried: 0,
});

const emptyRipple = (week: number): RippleWeekSums => ({
  week,
  members: 0,
  relationshipImprovements: 0,
  positiveInteractions: 0,
  conflictsAvoided: 0,
  othersInspired: 0,
});

const retentionCounts = (): RetentionCount[] => RETENTION_DAYS.map((day) => ({ day, reached: 0, reflected: 0 }));

const ascending = <T>(map: Map<string | number, T>): T[] =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);

/** What a memory store reads per member: their reflections and ripple effects, as kept. */
export interface MemberRecords {
  member: StoredMember;
  reflections: readonly StoredReflection[];
  rippleEffects: readonly StoredRippleEffect[];
}

/** Lets other work run between batches of members: a lowdb server keeps answering saves meanwhile. */
export type Yield = () => Promise<void>;
const MEMBERS_PER_BATCH = 2_000;

/** The totals over members read one by one (the memory stores). */
export async function memoryInsightTotals(
  members: Iterable<MemberRecords>,
  filter: InsightFilter,
  now: Date,
  pause: Yield = async () => {},
): Promise<InsightTotals> {
  let count = 0;
  const joinsByWeek = new Map<string, { week: string; members: number }>();
  const joinsByState = new Map<string, { state: string; members: number }>();
  const days = new Map<number, DaySums>();
  const retention = retentionCounts();
  const cohorts = new Map<string, { week: string; members: number; retention: RetentionCount[] }>();
  const ripples = new Map<number, RippleWeekSums>();
  const change: ChangeSums = {
    members: 0,
    firstReflections: 0,
    lastReflections: 0,
    firstMood: 0,
    lastMood: 0,
    firstEmpathy: 0,
    lastEmpathy: 0,
  };

  let sinceYield = 0;
  for (const { member, reflections, rippleEffects } of members) {
    if (++sinceYield >= MEMBERS_PER_BATCH) {
      sinceYield = 0;
      await pause();
    }
    if (!matchesFilter(member, filter)) continue;
    count += 1;
    const week = mondayOf(calendarDate(new Date(member.joinedAt), member.timezone));
    const joins = joinsByWeek.get(week) ?? { week, members: 0 };
    joins.members += 1;
    joinsByWeek.set(week, joins);
    const inState = joinsByState.get(member.state) ?? { state: member.state, members: 0 };
    inState.members += 1;
    joinsByState.set(member.state, inState);

    const daysSaved = new Set<number>();
    const first = { n: 0, mood: 0, empathy: 0 };
    const last = { n: 0, mood: 0, empathy: 0 };
    for (const r of reflections) {
      if (r.day > EXPERIMENT_DAYS) continue;
      daysSaved.add(r.day);
      const sums = days.get(r.day) ?? emptyDay(r.day);
      sums.reflections += 1;
      sums.mood += r.mood;
      sums.empathy += r.empathyScore;
      sums.selfAwareness += r.selfAwarenessScore;
      sums.paused += Number(r.paused);
      sums.reflected += Number(r.reflected);
      sums.retried += Number(r.retried);
      days.set(r.day, sums);
      const weekOf = weekOfDay(r.day);
      const side = weekOf === EVIDENCE_WEEKS.first ? first : weekOf === EVIDENCE_WEEKS.last ? last : undefined;
      if (side) {
        side.n += 1;
        side.mood += r.mood;
        side.empathy += r.empathyScore;
      }
    }
    if (first.n > 0 && last.n > 0) {
      change.members += 1;
      change.firstReflections += first.n;
      change.lastReflections += last.n;
      change.firstMood += first.mood;
      change.lastMood += last.mood;
      change.firstEmpathy += first.empathy;
      change.lastEmpathy += last.empathy;
    }

    const cohort = cohorts.get(week) ?? { week, members: 0, retention: retentionCounts() };
    cohort.members += 1;
    cohorts.set(week, cohort);
    const dayNow = experimentDay(member, now);
    RETENTION_DAYS.forEach((day, index) => {
      if (dayNow <= day) return;
      const saved = Number(daysSaved.has(day));
      for (const counts of [retention[index], cohort.retention[index]]) {
        if (!counts) continue;
        counts.reached += 1;
        counts.reflected += saved;
      }
    });

    // Data from before one record per week may hold several: the member counts once.
    const weeksRecorded = new Set<number>();
    for (const effect of rippleEffects) {
      if (effect.week < 1) continue;
      const sums = ripples.get(effect.week) ?? emptyRipple(effect.week);
      if (!weeksRecorded.has(effect.week)) sums.members += 1;
      weeksRecorded.add(effect.week);
      sums.relationshipImprovements += effect.relationshipImprovements;
      sums.positiveInteractions += effect.positiveInteractions;
      sums.conflictsAvoided += effect.conflictsAvoided;
      sums.othersInspired += effect.othersInspired;
      ripples.set(effect.week, sums);
    }
  }

  return {
    members: count,
    joinsByWeek: ascending(joinsByWeek),
    joinsByState: ascending(joinsByState),
    days: ascending(days),
    retention,
    cohorts: ascending(cohorts),
    rippleWeeks: ascending(ripples),
    change,
  };
}
