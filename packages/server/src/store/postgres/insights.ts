/**
 * Insights' sums in SQL (docs/product/insights.md#how-they-are-computed): the same figures as the
 * domain's memoryInsightTotals (packages/domain/src/insights/totals.ts), which defines them, in
 * five grouped queries over the filtered members instead of a walk through every member's rows.
 * The two that would read every reflection read the sums the database keeps as reflections are
 * written instead (migrations/010_insights.sql): the days', and each member's weeks'.
 * The cache is the insight_cache table (migrations/010_insights.sql), so every server on the
 * database shares it and one refresh clears it for all.
 */
import { EVIDENCE_WEEKS, EXPERIMENT_DAYS, RETENTION_DAYS } from '@prr/contract';
import type {
  CachedInsightTotals,
  ChangeSums,
  DaySums,
  InsightFilter,
  InsightSource,
  InsightTotals,
  RetentionCount,
  RippleWeekSums,
} from '@prr/domain';
import type { Run } from './records.js';

/** Runs reads on one connection in one snapshot: the sums agree with each other. */
export type SnapshotRead = <T>(read: (run: Run) => Promise<T>) => Promise<T>;

/** bigint and numeric arrive as strings from a driver without the pool's int8 parser. */
type Count = number | string;
const n = (value: Count | null | undefined): number => Number(value ?? 0);

/**
 * The members a filter selects, with the join week (Monday in their zone) and their day of the
 * experiment as of $3, both as the domain's experimentDay and mondayOf count them, kept for the
 * queries below in a table that lives until the snapshot's transaction ends. Parameters: $1 state
 * ('' all), $2 join month YYYY-MM in the member's zone ('' all), $3 now.
 */
const FILTERED_MEMBERS = `
  CREATE TEMPORARY TABLE insight_members ON COMMIT DROP AS
  SELECT id,
         state,
         date_trunc('week', joined_at AT TIME ZONE timezone)::date AS week,
         ($3::timestamptz AT TIME ZONE timezone)::date - (joined_at AT TIME ZONE timezone)::date + 1 AS day_now
  FROM members
  WHERE is_active
    AND ($1::text = '' OR state = $1::text)
    AND ($2::text = '' OR insight_join_month(joined_at, timezone) = $2::text)`;

/**
 * Joins by week and by state in one pass; GROUPING tells the two sets apart. States in code-point
 * order ("C"), as the domain sorts them, whatever the database's collation.
 */
const JOINS = `
  SELECT GROUPING(week) = 1 AS by_state, to_char(week, 'YYYY-MM-DD') AS week, state, count(*) AS members
  FROM insight_members m
  GROUP BY GROUPING SETS ((week), (state))
  ORDER BY by_state, m.week, state COLLATE "C"`;

/**
 * Per join week and for all weeks, for each day of $1: the members whose day is over, and how
 * many of them saved it. A day nobody reached has no row (retentionOf counts it zero).
 */
const RETENTION = `
  WITH saved AS (SELECT member_id, day FROM reflections WHERE day = ANY ($1::int[]))
  SELECT GROUPING(m.week) = 1 AS all_weeks,
         to_char(m.week, 'YYYY-MM-DD') AS week,
         d.day,
         count(*) AS reached,
         count(s.member_id) AS reflected
  FROM insight_members m
  JOIN unnest($1::int[]) AS d (day) ON m.day_now > d.day
  LEFT JOIN saved s ON s.member_id = m.id AND s.day = d.day
  GROUP BY GROUPING SETS ((m.week, d.day), (d.day))
  ORDER BY all_weeks, m.week, d.day`;

/**
 * Days 1..$3 with a reflection, from the sums the triggers keep (migrations/010_insights.sql):
 * active members only, by state and join month, so the filter is a WHERE on the key.
 */
const DAYS = `
  SELECT day,
         sum(reflections) AS reflections,
         sum(mood) AS mood,
         sum(empathy) AS empathy,
         sum(self_awareness) AS self_awareness,
         sum(paused) AS paused,
         sum(reflected) AS reflected,
         sum(retried) AS retried
  FROM insight_day_sums
  WHERE ($1::text = '' OR state = $1::text)
    AND ($2::text = '' OR join_month = $2::text)
    AND day <= $3::int
  GROUP BY day
  HAVING sum(reflections) > 0
  ORDER BY day`;

/**
 * Week $1 against week $2 over the members with reflections in both, their reflections pooled:
 * from the members' weekly sums the triggers keep (migrations/010_insights.sql).
 */
const CHANGE = `
  WITH first_week AS (SELECT member_id, reflections, mood, empathy FROM insight_member_weeks WHERE week = $1::int AND reflections > 0),
  last_week AS (SELECT member_id, reflections, mood, empathy FROM insight_member_weeks WHERE week = $2::int AND reflections > 0)
  SELECT count(*) AS members,
         coalesce(sum(f.reflections), 0) AS first_reflections,
         coalesce(sum(l.reflections), 0) AS last_reflections,
         coalesce(sum(f.mood), 0) AS first_mood,
         coalesce(sum(l.mood), 0) AS last_mood,
         coalesce(sum(f.empathy), 0) AS first_empathy,
         coalesce(sum(l.empathy), 0) AS last_empathy
  FROM insight_members m
  JOIN first_week f ON f.member_id = m.id
  JOIN last_week l ON l.member_id = m.id`;

/**
 * Weeks from 1 with a record. The domain counts a member once per week because older data may
 * hold several records of one; this table holds one per member and week (its unique constraint,
 * migrations/005_member_promises.sql), so count(*) counts members, without count(DISTINCT)'s sort.
 */
const RIPPLES = `
  SELECT e.week,
         count(*) AS members,
         sum(e.relationship_improvements) AS relationship_improvements,
         sum(e.positive_interactions) AS positive_interactions,
         sum(e.conflicts_avoided) AS conflicts_avoided,
         sum(e.others_inspired) AS others_inspired
  FROM ripple_effects e
  JOIN insight_members m ON m.id = e.member_id
  WHERE e.week >= 1
  GROUP BY e.week
  ORDER BY e.week`;

interface JoinsRow {
  by_state: boolean;
  week: string | null;
  state: string | null;
  members: Count;
}

interface RetentionRow {
  all_weeks: boolean;
  week: string | null;
  day: number;
  reached: Count;
  reflected: Count;
}

interface DayRow {
  day: number;
  reflections: Count;
  mood: Count;
  empathy: Count;
  self_awareness: Count;
  paused: Count;
  reflected: Count;
  retried: Count;
}

interface ChangeRow {
  members: Count;
  first_reflections: Count;
  last_reflections: Count;
  first_mood: Count;
  last_mood: Count;
  first_empathy: Count;
  last_empathy: Count;
}

interface RippleRow {
  week: number;
  members: Count;
  relationship_improvements: Count;
  positive_interactions: Count;
  conflicts_avoided: Count;
  others_inspired: Count;
}

interface CacheRow {
  computed_at: Date;
  totals: InsightTotals;
}

/** One RetentionCount per RETENTION_DAYS, in its order; a day without a row (nobody reached it) counts zero. */
function retentionOf(rows: readonly RetentionRow[]): RetentionCount[] {
  return RETENTION_DAYS.map((day) => {
    const row = rows.find((r) => r.day === day);
    return { day, reached: n(row?.reached), reflected: n(row?.reflected) };
  });
}

/** The store's sums from the five queries' rows. */
function totalsOf(
  joins: readonly JoinsRow[],
  retention: readonly RetentionRow[],
  days: readonly DayRow[],
  c: ChangeRow | undefined,
  ripples: readonly RippleRow[],
): InsightTotals {
  const byWeek = joins.filter((row) => !row.by_state);
  const cohortRows = new Map<string, RetentionRow[]>();
  for (const row of retention) {
    if (row.all_weeks || row.week === null) continue;
    const rows = cohortRows.get(row.week) ?? [];
    rows.push(row);
    cohortRows.set(row.week, rows);
  }
  const changeSums: ChangeSums = {
    members: n(c?.members),
    firstReflections: n(c?.first_reflections),
    lastReflections: n(c?.last_reflections),
    firstMood: n(c?.first_mood),
    lastMood: n(c?.last_mood),
    firstEmpathy: n(c?.first_empathy),
    lastEmpathy: n(c?.last_empathy),
  };

  return {
    members: byWeek.reduce((sum, row) => sum + n(row.members), 0),
    joinsByWeek: byWeek.map((row) => ({ week: row.week ?? '', members: n(row.members) })),
    joinsByState: joins
      .filter((row) => row.by_state)
      .map((row) => ({ state: row.state ?? '', members: n(row.members) })),
    days: days.map((row): DaySums => ({
      day: row.day,
      reflections: n(row.reflections),
      mood: n(row.mood),
      empathy: n(row.empathy),
      selfAwareness: n(row.self_awareness),
      paused: n(row.paused),
      reflected: n(row.reflected),
      retried: n(row.retried),
    })),
    retention: retentionOf(retention.filter((row) => row.all_weeks)),
    cohorts: byWeek.map((row) => {
      const week = row.week ?? '';
      return { week, members: n(row.members), retention: retentionOf(cohortRows.get(week) ?? []) };
    }),
    rippleWeeks: ripples.map((row): RippleWeekSums => ({
      week: row.week,
      members: n(row.members),
      relationshipImprovements: n(row.relationship_improvements),
      positiveInteractions: n(row.positive_interactions),
      conflictsAvoided: n(row.conflicts_avoided),
      othersInspired: n(row.others_inspired),
    })),
    change: changeSums,
  };
}

export class PgInsights implements InsightSource {
  readonly #run: Run;
  readonly #snapshot: SnapshotRead;

  /** @param snapshot Runs its reads on one connection, in one snapshot (postgresStore.ts). */
  constructor(run: Run, snapshot: SnapshotRead) {
    this.#run = run;
    this.#snapshot = snapshot;
  }

  /**
   * One query after another on one connection, in one snapshot: the filtered members are selected
   * once, into a table the transaction drops, and Insights takes one connection and one core while
   * members go on saving theirs.
   */
  totals(filter: InsightFilter, now: Date): Promise<InsightTotals> {
    return this.#snapshot(async (run) => {
      await run(FILTERED_MEMBERS, [filter.state, filter.joinMonth, now]);
      await run('ANALYZE insight_members');
      const joins = await run<JoinsRow>(JOINS);
      const retention = await run<RetentionRow>(RETENTION, [[...RETENTION_DAYS]]);
      const days = await run<DayRow>(DAYS, [filter.state, filter.joinMonth, EXPERIMENT_DAYS]);
      const change = await run<ChangeRow>(CHANGE, [EVIDENCE_WEEKS.first, EVIDENCE_WEEKS.last]);
      const ripples = await run<RippleRow>(RIPPLES);
      return totalsOf(joins.rows, retention.rows, days.rows, change.rows[0], ripples.rows);
    });
  }

  async cached(key: string): Promise<CachedInsightTotals | undefined> {
    const { rows } = await this.#run<CacheRow>('SELECT computed_at, totals FROM insight_cache WHERE key = $1', [key]);
    const row = rows[0];
    return row && { computedAt: row.computed_at.toISOString(), totals: row.totals };
  }

  async cache(key: string, entry: CachedInsightTotals): Promise<void> {
    await this.#run(
      `INSERT INTO insight_cache (key, computed_at, totals) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (key) DO UPDATE SET computed_at = EXCLUDED.computed_at, totals = EXCLUDED.totals`,
      [key, entry.computedAt, JSON.stringify(entry.totals)],
    );
  }

  async clearCache(): Promise<void> {
    await this.#run('DELETE FROM insight_cache');
  }
}
