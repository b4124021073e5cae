/**
 * A diagnostic, not a budget: the database alone, without Node. pgbench (PostgreSQL's own load
 * tool, from the cluster's bin folder) runs the SQL the server issues for one dashboard or one
 * save, at the same number of connections, pinned where autocannon runs. Set against the
 * end-to-end figures it tells how much of a request's time is PostgreSQL's and how much the
 * server's. Extended protocol (a parse per statement, as node-postgres sends unnamed statements).
 *
 *   dashboard  for each of the four member routes the session's touch (store/postgres/sessions.ts:
 *              a read, as the session was seen within the hour) and the member by id, then its
 *              reflections, achievements and ripple effects
 *   save       the touch, then saveReflection's transaction: the member FOR UPDATE, the day's
 *              reflection, the upsert of day 90, the latest seven reflections and the
 *              achievements, COMMIT
 *
 * Each script first looks up a random member's session by e-mail, a statement the server does not
 * make: it has the session's id from the cookie, pgbench has no cookies.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { postgresBinDir } from '../../scripts/postgres.mjs';
import {
  ACHIEVEMENT_COLUMNS,
  MEMBER_COLUMNS,
  REFLECTION_COLUMNS,
  RIPPLE_EFFECT_COLUMNS,
} from '../../packages/server/src/store/postgres/rows.js';

export interface DbOnly {
  kind: 'dashboard' | 'save';
  clients: number;
  seconds: number;
  /** Transactions (whole dashboards, whole saves) per second. */
  tps: number;
  /** Per transaction, ms. */
  p50: number;
  p99: number;
  failed: number;
  /** pgbench -r: average latency of each statement, ms (the text cut short). */
  statements: Array<{ ms: number; sql: string }>;
}

/** The touch of store/postgres/sessions.ts, its parameters written out (idle 90 days, refresh 1 hour). */
const TOUCH =
  'WITH found AS (SELECT member_id AS subject_id, created_at, last_seen FROM member_sessions WHERE id_hash = :m_id_hash), ' +
  "live AS (UPDATE member_sessions SET last_seen = now() WHERE id_hash = :m_id_hash AND last_seen >= now() - interval '90 days' " +
  "AND last_seen < now() - interval '1 hour' RETURNING member_id AS subject_id, created_at, last_seen), " +
  "expired AS (DELETE FROM member_sessions WHERE id_hash = :m_id_hash AND last_seen < now() - interval '90 days') " +
  "SELECT subject_id, created_at, last_seen FROM live UNION ALL SELECT subject_id, created_at, last_seen FROM found WHERE last_seen >= now() - interval '1 hour';\n";

function script(kind: DbOnly['kind'], members: number, emailPrefix: string): string {
  const session =
    `\\set r random(0, ${members - 1})\n` +
    `SELECT member_id AS id, id_hash FROM member_sessions WHERE member_id = (SELECT id FROM members WHERE email_key = '${emailPrefix}' || :r || '@example.org') LIMIT 1 \\gset m_\n`;
  const member = `SELECT ${MEMBER_COLUMNS} FROM members WHERE id = :m_id::uuid`;
  const achievements = `SELECT ${ACHIEVEMENT_COLUMNS} FROM achievements WHERE member_id = :m_id::uuid ORDER BY awarded_at, seq;\n`;
  if (kind === 'dashboard') {
    const route = (read: string) => TOUCH + `${member};\n` + read;
    return (
      session +
      route('') +
      route(`SELECT ${REFLECTION_COLUMNS} FROM reflections WHERE member_id = :m_id::uuid ORDER BY day;\n`) +
      route(achievements) +
      route(
        `SELECT ${RIPPLE_EFFECT_COLUMNS} FROM ripple_effects WHERE member_id = :m_id::uuid ORDER BY week DESC, created_at DESC, seq DESC;\n`,
      )
    );
  }
  const text =
    'I paused, counted to three and listened first; the conversation stayed calm and we found a small step to try tomorrow.';
  return (
    session +
    TOUCH +
    'BEGIN;\n' +
    `${member} FOR UPDATE;\n` +
    `SELECT ${REFLECTION_COLUMNS} FROM reflections WHERE member_id = :m_id::uuid AND day = 90;\n` +
    `INSERT INTO reflections (${REFLECTION_COLUMNS}) VALUES (gen_random_uuid(), :m_id::uuid, 90, current_date, true, true, false, ` +
    `'${text}', 7, 1, 1, '${text}', true, true, false, 7, 6, NULL, 'journaling', 1, now()) ON CONFLICT (member_id, day) DO UPDATE SET ` +
    'date = EXCLUDED.date, paused = EXCLUDED.paused, reflected = EXCLUDED.reflected, retried = EXCLUDED.retried, notes = EXCLUDED.notes, ' +
    'mood = EXCLUDED.mood, conflict_count = EXCLUDED.conflict_count, successful_responses = EXCLUDED.successful_responses, ' +
    'prompt_response = EXCLUDED.prompt_response, gratitude_practice = EXCLUDED.gratitude_practice, breathing_exercise = EXCLUDED.breathing_exercise, ' +
    'perspective_taking = EXCLUDED.perspective_taking, empathy_score = EXCLUDED.empathy_score, self_awareness_score = EXCLUDED.self_awareness_score, ' +
    'reflection_prompt = EXCLUDED.reflection_prompt, exercise_type = EXCLUDED.exercise_type, completed_exercises = EXCLUDED.completed_exercises, ' +
    'saved_at = EXCLUDED.saved_at;\n' +
    `SELECT ${REFLECTION_COLUMNS} FROM reflections WHERE member_id = :m_id::uuid ORDER BY day DESC LIMIT 7;\n` +
    achievements +
    'COMMIT;\n'
  );
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Runs pgbench against `url` (members named `${emailPrefix}${i}@example.org`, i < members). */
export async function dbOnly(
  url: string,
  o: {
    kind: DbOnly['kind'];
    members: number;
    emailPrefix: string;
    clients: number;
    seconds: number;
    dir: string;
    cpu: string | undefined;
  },
): Promise<DbOnly> {
  const scriptFile = join(o.dir, `pgbench-${o.kind}.sql`);
  writeFileSync(scriptFile, script(o.kind, o.members, o.emailPrefix));
  const prefix = `pgbench-${o.kind}-log`;
  const pgbench = join(postgresBinDir(), 'pgbench');
  const args = [
    '-n',
    '-r',
    '-M',
    'extended',
    '-c',
    String(o.clients),
    '-j',
    '1',
    '-T',
    String(o.seconds),
    '-f',
    scriptFile,
    '-l',
    `--log-prefix=${join(o.dir, prefix)}`,
    url,
  ];
  const [command, commandArgs] = o.cpu ? ['taskset', ['-c', o.cpu, pgbench, ...args]] : [pgbench, args];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd: o.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PGAPPNAME: 'prr-bench-pgbench' },
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), (o.seconds + 60) * 1000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`pgbench ${o.kind} exited ${code}: ${out.slice(-1500)}`));
    });
  });
  const latencies: number[] = [];
  for (const file of readdirSync(o.dir).filter((f) => f.startsWith(prefix))) {
    for (const line of readFileSync(join(o.dir, file), 'utf8').split('\n')) {
      // client_id transaction_no time script_no time_epoch time_us (time: latency in µs)
      const us = Number(line.split(' ')[2]);
      if (Number.isFinite(us) && line) latencies.push(us / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? Number.NaN);
  const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
  const statements: DbOnly['statements'] = [];
  const table = output.slice(output.indexOf('statement latencies'));
  for (const line of table.split('\n').slice(1)) {
    const match = /^\s+([\d.]+)\s+\d+\s+(.+)$/.exec(line);
    if (match && !match[2]!.startsWith('\\set')) statements.push({ ms: Number(match[1]), sql: match[2]!.slice(0, 70) });
  }
  return {
    kind: o.kind,
    clients: o.clients,
    seconds: o.seconds,
    tps,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed,
    statements,
  };
}
