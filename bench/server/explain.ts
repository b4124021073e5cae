/**
 * A diagnostic: EXPLAIN (ANALYZE, BUFFERS) of the store's reads (the SQL text of
 * packages/server/src/store/postgres/records.ts, built from the same column lists) for a sample of
 * members of the loaded database: the plan each one gets and its execution time, so a slow
 * route can be told apart from a slow query.
 */
import { median } from '../lib/stats.js';
import { createPool } from '../../packages/server/src/store/postgres/pool.js';
import {
  ACHIEVEMENT_COLUMNS,
  MEMBER_COLUMNS,
  REFLECTION_COLUMNS,
  RIPPLE_EFFECT_COLUMNS,
} from '../../packages/server/src/store/postgres/rows.js';

export interface ExplainRow {
  query: string;
  /** The plan's nodes, outermost first, e.g. "Sort < Bitmap Heap Scan on reflections < Bitmap Index Scan (reflections_member_day_unique)". */
  plan: string;
  rows: number;
  /** Medians over the sample, ms. */
  executionMs: number;
  planningMs: number;
  /** Shared buffers hit / read from outside PostgreSQL's cache, median. */
  hit: number;
  read: number;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function describePlan(node: PlanNode): string {
  const here = `${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`;
  const child = node.Plans?.[0];
  return child ? `${here} < ${describePlan(child)}` : here;
}

const QUERIES: Array<{ name: string; sql: string; by: 'email' | 'id' }> = [
  { name: 'memberByEmail', sql: `SELECT ${MEMBER_COLUMNS} FROM members WHERE email_key = $1`, by: 'email' },
  { name: 'memberById', sql: `SELECT ${MEMBER_COLUMNS} FROM members WHERE id = $1`, by: 'id' },
  {
    name: 'reflectionsOf',
    sql: `SELECT ${REFLECTION_COLUMNS} FROM reflections WHERE member_id = $1 ORDER BY day`,
    by: 'id',
  },
  {
    name: 'achievementsOf',
    sql: `SELECT ${ACHIEVEMENT_COLUMNS} FROM achievements WHERE member_id = $1 ORDER BY awarded_at, seq`,
    by: 'id',
  },
  {
    name: 'rippleEffectsOf',
    sql: `SELECT ${RIPPLE_EFFECT_COLUMNS} FROM ripple_effects WHERE member_id = $1 ORDER BY week DESC, created_at DESC, seq DESC`,
    by: 'id',
  },
];

export async function explainReads(
  url: string,
  members: ReadonlyArray<{ id: string; email: string }>,
  sample = 25,
): Promise<ExplainRow[]> {
  const pool = createPool(url, { max: 1 });
  try {
    const picked = Array.from(
      { length: Math.min(sample, members.length) },
      (_, i) => members[Math.floor((i * members.length) / Math.min(sample, members.length))]!,
    );
    const out: ExplainRow[] = [];
    for (const q of QUERIES) {
      const runs: Array<{ plan: PlanNode; execution: number; planning: number }> = [];
      for (const member of picked) {
        const { rows } = await pool.query<{
          'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }>;
        }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.sql}`, [
          q.by === 'email' ? member.email.toLowerCase() : member.id,
        ]);
        const top = rows[0]!['QUERY PLAN'][0]!;
        runs.push({ plan: top.Plan, execution: top['Execution Time'], planning: top['Planning Time'] });
      }
      out.push({
        query: q.name,
        plan: describePlan(runs[0]!.plan),
        rows: median(runs.map((r) => r.plan['Actual Rows'] ?? Number.NaN)),
        executionMs: median(runs.map((r) => r.execution)),
        planningMs: median(runs.map((r) => r.planning)),
        hit: median(runs.map((r) => r.plan['Shared Hit Blocks'] ?? 0)),
        read: median(runs.map((r) => r.plan['Shared Read Blocks'] ?? 0)),
      });
    }
    return out;
  } finally {
    await pool.end();
  }
}
