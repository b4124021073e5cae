/**
 * Data for the PostgreSQL cases: a temp cluster (scripts/postgres.mjs) with production-like
 * durability, databases migrated by the store itself, and members × days of reflections written
 * with COPY straight from a generator (never through the API, never through a data file: 50,000
 * × 90 days at the lowdb generator's text sizes would be a 5 GB file).
 *
 * The rows go through the importer's own pieces (packages/server/src/tools/import/): encodeCopyRow
 * escapes them for COPY's text format, CopyBatches streams them with back-pressure in COPY
 * statements of 100,000 rows. The schema is the migrated one, constraints and indexes included,
 * so the load pays for the primary keys, the (member_id, day) unique index and the foreign keys
 * as the import would.
 *
 * Rows are what the server writes: reflection_prompt NULL (the day's own prompt is not stored),
 * texts of 40-280 characters per field (a little shorter than the lowdb generator's 120-480,
 * to keep the load inside the bench's time), with the characters COPY must escape now and then.
 * Every member joined 93-122 days ago, so their current day is 90 (the last of the experiment).
 *
 * Every member also gets a session, used a moment ago: the load generator sends its id as the
 * member's cookie (the third column of the members file).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { REMINDER_TIMES, TIMEZONE_IDS, US_STATES, levelForPoints } from '@prr/contract';
import { ACHIEVEMENTS, promptForDay } from '@prr/domain';
import { connect, createPool } from '../../packages/server/src/store/postgres/pool.js';
import { migrate } from '../../packages/server/src/store/postgres/migrate.js';
import { seedIfEmpty } from '../../packages/server/src/store/postgres/seed.js';
import { SEED_FILE } from '../../packages/server/src/paths.js';
import { silentLogger } from '../../packages/server/src/log.js';
import { CopyBatches } from '../../packages/server/src/tools/import/copyBatches.js';
import { Random, sentenceText } from '../../packages/server/test/generateLowdbFile.js';
import { encodeCopyRow, type Cell } from '../../packages/server/src/tools/import/copyText.js';
import { startTempCluster, type TempCluster } from '../../scripts/postgres.mjs';

const DAY_MS = 86_400_000;

/** The server's pg types (packages/server has its own @types/pg): taken from its pool, not imported. */
type Pool = ReturnType<typeof createPool>;
type PoolClient = Awaited<ReturnType<typeof connect>>;

/**
 * The bench's PostgreSQL: durable (fsync, full-page writes and synchronous commit on, unlike the
 * tests' cluster), 1 GB of shared buffers (a quarter of a small dedicated server), room for
 * two servers' pools, and max_wal_size large enough that the bulk load does not checkpoint every
 * gigabyte. Everything else is PostgreSQL's default.
 */
export const BENCH_PG_SETTINGS = {
  fsync: 'on',
  full_page_writes: 'on',
  synchronous_commit: 'on',
  shared_buffers: '1GB',
  max_connections: 200,
  max_wal_size: '8GB',
  checkpoint_timeout: '15min',
  maintenance_work_mem: '256MB',
  max_parallel_workers_per_gather: 2,
} as const;

export async function startBenchCluster(): Promise<TempCluster> {
  return startTempCluster({ settings: BENCH_PG_SETTINGS });
}

/** The URL of `database` on the cluster of `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates an empty database, migrated and seeded by the store's own code (as a server's first start would). */
export async function createBenchDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = createPool(serverUrl, { max: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  const pool = createPool(url, { max: 1 });
  try {
    await migrate(pool);
    await seedIfEmpty(pool, SEED_FILE, silentLogger);
  } finally {
    await pool.end();
  }
  return url;
}

// ---- deterministic randomness ------------------------------------------------------------------

/** A pool of texts of 40-280 characters drawn from once per field (building each one would dominate the load). */
function textPool(size: number, seed: number): string[] {
  const random = new Random(seed);
  return Array.from({ length: size }, () => sentenceText(random, 40, 280));
}

const STATES = Object.keys(US_STATES);
const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number): string => new Date(ms).toISOString();

export interface DatasetOptions {
  members: number;
  days: number;
  /** E-mails are `${emailPrefix}${index}@example.org`. */
  emailPrefix?: string;
  seed?: number;
  now?: number;
  /** Write `id\temail\tsession` lines here for the load generator (mixLoad.ts). */
  membersFile?: string;
  log?: (line: string) => void;
}

/** A new session id (the cookie's value) and what the store keeps of it, as the server makes them. */
export function newSession(): { id: string; idHash: string } {
  const id = randomBytes(32).toString('base64url');
  return { id, idHash: createHash('sha256').update(id).digest('hex') };
}

/**
 * Gives each member a session in a database whose members came another way (the import does not
 * copy sessions), or another one (a member may be signed in on several devices); answers the
 * session ids by member id. `lastSeen` (ms) is when the session was made and last used: now unless
 * given.
 */
export async function insertSessions(
  url: string,
  memberIds: readonly string[],
  lastSeen = Date.now(),
): Promise<Map<string, string>> {
  const pool: Pool = createPool(url, { max: 1 });
  try {
    const ids = new Map<string, string>();
    const at = isoTime(lastSeen);
    await withCopy(
      pool,
      'COPY member_sessions (id_hash, member_id, created_at, last_seen) FROM STDIN',
      async (write) => {
        for (const memberId of memberIds) {
          const session = newSession();
          ids.set(memberId, session.id);
          await write(line([session.idHash, memberId, at, at]));
        }
      },
    );
    return ids;
  } finally {
    await pool.end();
  }
}

export interface LoadSummary {
  members: number;
  reflections: number;
  achievements: number;
  rippleEffects: number;
  /** Seconds of COPY, and of ANALYZE after it. */
  copySeconds: number;
  analyzeSeconds: number;
  /** pg_database_size after the load. */
  databaseBytes: number;
  /** pg_total_relation_size('reflections'): heap, TOAST and indexes. */
  reflectionsBytes: number;
}

const MEMBER_COLUMNS =
  'id, name, email, email_key, zip_code, state, joined_at, is_active, email_reminders, reminder_time, timezone, points, level';
const REFLECTION_COLUMNS =
  'id, member_id, day, date, paused, reflected, retried, notes, mood, conflict_count, successful_responses, ' +
  'prompt_response, gratitude_practice, breathing_exercise, perspective_taking, empathy_score, self_awareness_score, ' +
  'reflection_prompt, exercise_type, completed_exercises, saved_at';
const ACHIEVEMENT_COLUMNS =
  'id, member_id, title, description, icon, category, day_earned, points, achievement_type, awarded_at';
const RIPPLE_COLUMNS =
  'id, member_id, week, relationship_improvements, positive_interactions, conflicts_avoided, others_inspired, notes, created_at';

function line(cells: Cell[]): string {
  const encoded = encodeCopyRow(cells);
  if (!encoded.ok) throw new Error(`bench data: column ${encoded.column} ${encoded.problem}`);
  return encoded.line;
}

interface PlannedMember {
  id: string;
  email: string;
  joinedMs: number;
  achievements: (typeof ACHIEVEMENTS)[number][];
  ripples: boolean;
}

/** Member `index` of the data set: the same on every pass (members, then each child table). */
function planMember(
  index: number,
  o: Required<Pick<DatasetOptions, 'seed' | 'days' | 'emailPrefix' | 'now'>>,
): PlannedMember {
  const random = new Random((o.seed * 1_000_003 + index) >>> 0);
  const id = new Random(o.seed * 31 + index * 2).uuid();
  // 93-122 days ago (and part of a day): the current day is 90 in every time zone, and they are past
  // the e-mail scheduler's window (92 days), so bin.ts has nothing to send them.
  const joinedMs = o.now - (93 + random.int(0, 29)) * DAY_MS - random.int(0, DAY_MS - 1);
  const achievements = o.days >= 7 ? ACHIEVEMENTS.filter(() => random.chance(0.4)) : [];
  return { id, email: `${o.emailPrefix}${index}@example.org`, joinedMs, achievements, ripples: random.chance(0.4) };
}

/**
 * Writes members × days of reflections (plus achievements and ripple effects) into the migrated
 * database behind `url`, then ANALYZE. Member-owned rows are copied after all members, in member
 * order; reflections in two COPY streams on two connections (the machine has two cores).
 */
export async function loadDataset(url: string, options: DatasetOptions): Promise<LoadSummary> {
  const o = {
    seed: options.seed ?? 1,
    days: Math.min(90, options.days),
    emailPrefix: options.emailPrefix ?? 'member',
    now: options.now ?? Date.now(),
  };
  const pool: Pool = createPool(url, { max: 3 });
  const log = options.log ?? (() => undefined);
  const counts = { members: 0, reflections: 0, achievements: 0, rippleEffects: 0 };
  const texts = textPool(4096, o.seed);
  const started = performance.now();
  try {
    // Members (and the file the load generator reads), and their sessions.
    const out = options.membersFile ? createWriteStream(options.membersFile) : undefined;
    const sessions = new Map<number, { id: string; idHash: string }>();
    await withCopy(pool, `COPY members (${MEMBER_COLUMNS}) FROM STDIN`, async (write) => {
      for (let i = 0; i < options.members; i += 1) {
        const plan = planMember(i, o);
        const random = new Random((o.seed * 7 + i * 13) >>> 0);
        const points = 25 + 2 * o.days + plan.achievements.reduce((sum, rule) => sum + rule.points, 0);
        await write(
          line([
            plan.id,
            `Bench Member ${i}`,
            plan.email,
            plan.email,
            String(random.int(10000, 99999)),
            random.chance(0.03) ? '' : random.pick(STATES),
            isoTime(plan.joinedMs),
            random.chance(0.9),
            random.chance(0.8),
            random.pick(REMINDER_TIMES),
            random.pick(TIMEZONE_IDS),
            points,
            levelForPoints(points),
          ]),
        );
        const session = newSession();
        sessions.set(i, session);
        if (out && !out.write(`${plan.id}\t${plan.email}\t${session.id}\n`)) await once(out, 'drain');
      }
    });
    counts.members = options.members;
    const at = isoTime(o.now);
    await withCopy(
      pool,
      'COPY member_sessions (id_hash, member_id, created_at, last_seen) FROM STDIN',
      async (write) => {
        for (const [i, session] of sessions) await write(line([session.idHash, planMember(i, o).id, at, at]));
      },
    );
    sessions.clear();
    if (out) {
      out.end();
      await once(out, 'finish');
    }

    // Reflections: two streams, each over half of the members.
    const half = Math.ceil(options.members / 2);
    const ranges: Array<[number, number]> = [
      [0, half],
      [half, options.members],
    ];
    let copied = 0;
    let lastLog = performance.now();
    await Promise.all(
      ranges.map(([from, to]) =>
        withCopy(pool, `COPY reflections (${REFLECTION_COLUMNS}) FROM STDIN`, async (write) => {
          for (let i = from; i < to; i += 1) {
            const plan = planMember(i, o);
            const random = new Random((o.seed * 104_729 + i) >>> 0);
            const ids = new Random(o.seed * 31 + i * 2 + 1);
            for (let day = 1; day <= o.days; day += 1) {
              const dayMs = plan.joinedMs + (day - 1) * DAY_MS;
              const conflicts = random.int(0, 5);
              await write(
                line([
                  ids.uuid(),
                  plan.id,
                  day,
                  isoDate(dayMs),
                  random.chance(0.8),
                  random.chance(0.7),
                  random.chance(0.5),
                  texts[random.u32() & 4095]!,
                  random.int(1, 10),
                  conflicts,
                  random.int(0, conflicts),
                  texts[random.u32() & 4095]!,
                  random.chance(0.4),
                  random.chance(0.5),
                  random.chance(0.4),
                  random.int(1, 10),
                  random.int(1, 10),
                  null,
                  promptForDay(day)?.exerciseType ?? 'journaling',
                  random.int(0, 3),
                  isoTime(dayMs + random.int(0, DAY_MS - 1)),
                ]),
              );
            }
            copied += o.days;
            if (performance.now() - lastLog > 30_000) {
              lastLog = performance.now();
              log(
                `    copied ${copied.toLocaleString('en-US')} reflections (${Math.round((performance.now() - started) / 1000)} s)`,
              );
            }
          }
        }),
      ),
    );
    counts.reflections = options.members * o.days;

    await withCopy(pool, `COPY achievements (${ACHIEVEMENT_COLUMNS}) FROM STDIN`, async (write) => {
      for (let i = 0; i < options.members; i += 1) {
        const plan = planMember(i, o);
        const ids = new Random(o.seed * 53 + i);
        for (const [k, rule] of plan.achievements.entries()) {
          const dayEarned = 7 + ((i + k * 11) % Math.max(1, o.days - 6));
          await write(
            line([
              ids.uuid(),
              plan.id,
              rule.title,
              rule.description,
              rule.icon,
              rule.category,
              dayEarned,
              rule.points,
              rule.type,
              isoTime(plan.joinedMs + (dayEarned - 1) * DAY_MS + 3_600_000),
            ]),
          );
          counts.achievements += 1;
        }
      }
    });

    await withCopy(pool, `COPY ripple_effects (${RIPPLE_COLUMNS}) FROM STDIN`, async (write) => {
      for (let i = 0; i < options.members; i += 1) {
        const plan = planMember(i, o);
        if (!plan.ripples) continue;
        const random = new Random((o.seed * 7_919 + i) >>> 0);
        const ids = new Random(o.seed * 97 + i);
        for (let week = 1; week <= Math.floor(o.days / 7); week += 1) {
          await write(
            line([
              ids.uuid(),
              plan.id,
              week,
              random.int(0, 5),
              random.int(0, 12),
              random.int(0, 6),
              random.int(0, 4),
              texts[random.u32() & 4095]!,
              isoTime(plan.joinedMs + week * 7 * DAY_MS + random.int(0, DAY_MS - 1)),
            ]),
          );
          counts.rippleEffects += 1;
        }
      }
    });
    const copySeconds = (performance.now() - started) / 1000;
    const analyzeStart = performance.now();
    await pool.query('ANALYZE members, reflections, achievements, ripple_effects, member_sessions');
    const analyzeSeconds = (performance.now() - analyzeStart) / 1000;
    const { rows } = await pool.query<{ db: string; refl: string }>(
      "SELECT pg_database_size(current_database())::text AS db, pg_total_relation_size('reflections')::text AS refl",
    );
    return {
      ...counts,
      copySeconds,
      analyzeSeconds,
      databaseBytes: Number(rows[0]?.db),
      reflectionsBytes: Number(rows[0]?.refl),
    };
  } finally {
    await pool.end();
  }
}

/** One COPY (in batches of 100,000 rows) on its own connection; synchronous_commit off for the load only. */
async function withCopy(
  pool: Pool,
  sql: string,
  fill: (write: (line: string) => Promise<void>) => Promise<void>,
): Promise<void> {
  const client: PoolClient = await connect(pool);
  try {
    await client.query('SET synchronous_commit = off');
    const writer = new CopyBatches(client, sql);
    try {
      await fill((l) => writer.write(l));
      await writer.end();
    } catch (error) {
      await writer.abort();
      throw error;
    }
  } finally {
    client.release();
  }
}
