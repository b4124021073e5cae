/**
 * The reads and writes of the store interface (../types.ts) as plain parameterised SQL. One class
 * serves the pool (reads outside a transaction) and a transaction's client (inside `write`), so
 * both answer alike; inside a transaction member reads lock the row (FOR UPDATE).
 */
import {
  ImpactSnapshot,
  type FeaturedProduct,
  type StateParticipation,
  type StoryStatus,
  type Testimonial,
} from '@prr/contract';
import type { QueryResult, QueryResultRow } from 'pg';
import {
  normaliseEmail,
  type MemberPatch,
  type MemberSearch,
  type MemberSearchPage,
  type StoredAchievement,
  type StoredMember,
  type StoredReflection,
  type StoredRippleEffect,
  type StoredStory,
} from '@prr/domain';
import type { StoredAdmin } from '../schema.js';
import type { StoreReads, StoreWrites } from '../types.js';
import { batchQuery, countQuery, pageQuery } from './memberSearch.js';
import {
  ACHIEVEMENT_COLUMNS,
  achievementFromRow,
  adminFromRow,
  MEMBER_COLUMNS,
  memberFromRow,
  productFromRow,
  REFLECTION_COLUMNS,
  reflectionFromRow,
  RIPPLE_EFFECT_COLUMNS,
  rippleEffectFromRow,
  stateFromRow,
  STORY_COLUMNS,
  storyFromRow,
  testimonialFromRow,
  type AchievementRow,
  type AdminRow,
  type BatchKey,
  type MemberBatchRow,
  type MemberRow,
  type ProductRow,
  type ReflectionRow,
  type RippleEffectRow,
  type StateRow,
  type StoryRow,
  type TestimonialRow,
} from './rows.js';

/** Runs one statement on the pool or on the transaction's client (see pool.ts `query`). */
export type Run = <R extends QueryResultRow = QueryResultRow>(
  text: string,
  values?: readonly unknown[],
) => Promise<QueryResult<R>>;

/**
 * Ids are uuid columns, so a string of another form cannot name a row, and asking PostgreSQL would fail with
 * invalid_text_representation instead of answering "not found".
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

export class PgReads implements StoreReads {
  protected readonly run: Run;
  /** Inside a transaction: member reads take the row lock until COMMIT. */
  readonly #forUpdate: string;

  constructor(run: Run, lockMembers: boolean) {
    this.run = run;
    this.#forUpdate = lockMembers ? ' FOR UPDATE' : '';
  }

  async memberById(id: string): Promise<StoredMember | undefined> {
    if (!isUuid(id)) return undefined;
    const { rows } = await this.run<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM members WHERE id = $1${this.#forUpdate}`,
      [id],
    );
    return rows[0] && memberFromRow(rows[0]);
  }

  async memberByEmail(email: string): Promise<StoredMember | undefined> {
    const { rows } = await this.run<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM members WHERE email_key = $1${this.#forUpdate}`,
      [normaliseEmail(email)],
    );
    return rows[0] && memberFromRow(rows[0]);
  }

  async reflectionsOf(memberId: string): Promise<StoredReflection[]> {
    if (!isUuid(memberId)) return [];
    const { rows } = await this.run<ReflectionRow>(
      `SELECT ${REFLECTION_COLUMNS} FROM reflections WHERE member_id = $1 ORDER BY day`,
      [memberId],
    );
    return rows.map(reflectionFromRow);
  }

  async reflectionOn(memberId: string, day: number): Promise<StoredReflection | undefined> {
    if (!isUuid(memberId)) return undefined;
    const { rows } = await this.run<ReflectionRow>(
      `SELECT ${REFLECTION_COLUMNS} FROM reflections WHERE member_id = $1 AND day = $2`,
      [memberId, day],
    );
    return rows[0] && reflectionFromRow(rows[0]);
  }

  async latestReflections(memberId: string, count: number): Promise<StoredReflection[]> {
    if (!isUuid(memberId)) return [];
    const { rows } = await this.run<ReflectionRow>(
      `SELECT ${REFLECTION_COLUMNS} FROM reflections WHERE member_id = $1 ORDER BY day DESC LIMIT $2`,
      [memberId, count],
    );
    return rows.map(reflectionFromRow);
  }

  /** Ties on awarded_at (several earned by one save) keep the order they were added in, as lowdb does. */
  async achievementsOf(memberId: string): Promise<StoredAchievement[]> {
    if (!isUuid(memberId)) return [];
    const { rows } = await this.run<AchievementRow>(
      `SELECT ${ACHIEVEMENT_COLUMNS} FROM achievements WHERE member_id = $1 ORDER BY awarded_at, seq`,
      [memberId],
    );
    return rows.map(achievementFromRow);
  }

  async rippleEffectsOf(memberId: string): Promise<StoredRippleEffect[]> {
    if (!isUuid(memberId)) return [];
    const { rows } = await this.run<RippleEffectRow>(
      `SELECT ${RIPPLE_EFFECT_COLUMNS} FROM ripple_effects WHERE member_id = $1 ORDER BY week DESC, created_at DESC, seq DESC`,
      [memberId],
    );
    return rows.map(rippleEffectFromRow);
  }

  async memberByInviteCode(code: string): Promise<StoredMember | undefined> {
    const { rows } = await this.run<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM members WHERE invite_code = $1${this.#forUpdate}`,
      [code],
    );
    return rows[0] && memberFromRow(rows[0]);
  }

  async invitedCount(memberId: string): Promise<number> {
    if (!isUuid(memberId)) return 0;
    const { rows } = await this.run<{ count: number }>('SELECT count(*) AS count FROM members WHERE invited_by = $1', [
      memberId,
    ]);
    return rows[0]?.count ?? 0;
  }

  async storiesOf(memberId: string): Promise<StoredStory[]> {
    if (!isUuid(memberId)) return [];
    const { rows } = await this.run<StoryRow>(
      `SELECT ${STORY_COLUMNS} FROM stories WHERE member_id = $1 ORDER BY submitted_at DESC, seq DESC`,
      [memberId],
    );
    return rows.map(storyFromRow);
  }

  async storyById(id: string): Promise<StoredStory | undefined> {
    if (!isUuid(id)) return undefined;
    const { rows } = await this.run<StoryRow>(`SELECT ${STORY_COLUMNS} FROM stories WHERE id = $1`, [id]);
    return rows[0] && storyFromRow(rows[0]);
  }

  /** The orders of compareStories (@prr/domain, memoryWrites.ts); a missing reviewedAt sorts last there too. */
  async storiesWithStatus(status: StoryStatus, limit: number): Promise<StoredStory[]> {
    const order = status === 'pending' ? 'submitted_at, seq DESC' : 'reviewed_at DESC NULLS LAST, seq DESC';
    const { rows } = await this.run<StoryRow>(
      `SELECT ${STORY_COLUMNS} FROM stories WHERE status = $1 ORDER BY ${order} LIMIT $2`,
      [status, Math.max(0, Math.floor(limit))],
    );
    return rows.map(storyFromRow);
  }

  async states(): Promise<StateParticipation[]> {
    const { rows } = await this.run<StateRow>('SELECT state, state_code, peacemakers FROM states ORDER BY position');
    return rows.map(stateFromRow);
  }

  async products(): Promise<FeaturedProduct[]> {
    const { rows } = await this.run<ProductRow>(
      'SELECT id, name, image_url, price, shopify_url FROM products ORDER BY position',
    );
    return rows.map(productFromRow);
  }

  async testimonials(): Promise<Testimonial[]> {
    const { rows } = await this.run<TestimonialRow>(
      'SELECT id, name, location, content, rating, avatar_url FROM testimonials ORDER BY position',
    );
    return rows.map(testimonialFromRow);
  }

  async memberCount(): Promise<number> {
    const { rows } = await this.run<{ count: number }>('SELECT count(*) AS count FROM members');
    return rows[0]?.count ?? 0;
  }

  async membersNewestFirst(limit?: number): Promise<StoredMember[]> {
    // LIMIT NULL is no limit.
    const { rows } = await this.run<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM members ORDER BY joined_at DESC, seq DESC LIMIT $1`,
      [limit === undefined ? null : Math.max(0, Math.floor(limit))],
    );
    return rows.map(memberFromRow);
  }

  /**
   * The rules of participantSearch.ts in SQL (memberSearch.ts). The total comes first: a page
   * nearer the end than the start is read in the reversed order, so no page walks more than half
   * the matches. The two statements may see different commits; a member added or removed between
   * them shifts that one page by a row, as it would shift the next page the admin asks for.
   */
  async searchMembers(search: MemberSearch, offset: number, limit: number): Promise<MemberSearchPage> {
    const count = countQuery(search);
    const { rows: counted } = await this.run<{ total: number }>(count.text, count.values);
    const total = counted[0]?.total ?? 0;
    const from = Math.max(0, Math.floor(offset));
    const size = Math.min(Math.max(0, Math.floor(limit)), total - from);
    if (size <= 0) return { members: [], total };
    // Fewer matches after the page than before it: read the reversed order from its start.
    const following = total - from - size;
    const backward = following < from;
    const page = backward ? pageQuery(search, 'backward', following, size) : pageQuery(search, 'forward', from, size);
    const { rows } = await this.run<MemberRow>(page.text, page.values);
    const members = rows.map(memberFromRow);
    return { members: backward ? members.reverse() : members, total };
  }

  /** Keyset batches (memberSearch.ts, batchQuery): one short query per batch, no connection held between them. */
  async *memberBatches(search: MemberSearch, batchSize: number): AsyncGenerator<StoredMember[]> {
    const size = Math.max(1, Math.floor(batchSize));
    let after: BatchKey | undefined;
    for (;;) {
      const { text, values } = batchQuery(search, after, size);
      const { rows } = await this.run<MemberBatchRow>(text, values);
      if (rows.length > 0) yield rows.map(memberFromRow);
      const last = rows.at(-1);
      if (!last || rows.length < size) return;
      after = { joined_key: last.joined_key, seq: last.seq, name_key: last.name_key };
    }
  }

  /** No row in states_backup_held: no backup; a held backup of an empty table is one row of NULLs. */
  async statesBackup(): Promise<StateParticipation[] | undefined> {
    const { rows } = await this.run<StateRow | { [K in keyof StateRow]: null }>(
      `SELECT s.state, s.state_code, s.peacemakers
       FROM states_backup_held h LEFT JOIN states_backup s ON true ORDER BY s.position`,
    );
    if (rows.length === 0) return undefined;
    return rows.filter((row): row is StateRow => row.state !== null).map(stateFromRow);
  }

  /** Parsed with the contract's schema: /impact serves an ImpactSnapshot whatever the row holds. */
  async impactSnapshot(): Promise<ImpactSnapshot | undefined> {
    const { rows } = await this.run<{ snapshot: unknown }>('SELECT snapshot FROM impact_snapshot');
    const row = rows[0];
    return row && ImpactSnapshot.parse(row.snapshot);
  }

  async activeMembersByState(): Promise<Map<string, number>> {
    const { rows } = await this.run<{ state: string; count: number }>(
      "SELECT state, count(*) AS count FROM members WHERE is_active AND state <> '' GROUP BY state ORDER BY state",
    );
    return new Map(rows.map((row) => [row.state, row.count]));
  }

  async admins(): Promise<StoredAdmin[]> {
    const { rows } = await this.run<AdminRow>('SELECT id, name, email, password_hash FROM admins ORDER BY position');
    return rows.map(adminFromRow);
  }
}

/** MemberPatch fields and their columns; only these names ever reach the SQL text. */
const MEMBER_PATCH_COLUMNS = {
  name: 'name',
  zipCode: 'zip_code',
  state: 'state',
  isActive: 'is_active',
  emailReminders: 'email_reminders',
  emailConfirmed: 'email_confirmed',
  reminderTime: 'reminder_time',
  timezone: 'timezone',
  points: 'points',
  level: 'level',
  inviteCode: 'invite_code',
  levelSeen: 'level_seen',
  afterExperiment: 'after_experiment',
  inviteCredit: 'invite_credit',
  inviteCreditDay: 'invite_credit_day',
  inviteCreditsThatDay: 'invite_credits_that_day',
  // null sets NULL: the mark taken away (@prr/domain, undeliverable.ts).
  emailUndeliverableAt: 'email_undeliverable_at',
  emailUndeliverableCode: 'email_undeliverable_code',
} as const satisfies Record<keyof MemberPatch, string>;

/** One transaction's writes; `run` is bound to the transaction's client. */
export class PgWrites extends PgReads implements StoreWrites {
  constructor(run: Run) {
    super(run, true);
  }

  async insertMember(member: StoredMember): Promise<boolean> {
    const { rowCount } = await this.run(
      `INSERT INTO members (id, name, email, email_key, zip_code, state, joined_at, is_active, email_reminders,
                            reminder_time, timezone, points, level, email_confirmed, invite_code, invited_by,
                            level_seen, after_experiment, invite_credit, invite_credit_day, invite_credits_that_day,
                            email_undeliverable_at, email_undeliverable_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
       ON CONFLICT (email_key) DO NOTHING`,
      [
        member.id,
        member.name,
        member.email,
        normaliseEmail(member.email),
        member.zipCode,
        member.state,
        member.joinedAt,
        member.isActive,
        member.emailReminders,
        member.reminderTime,
        member.timezone,
        member.points,
        member.level,
        member.emailConfirmed,
        member.inviteCode ?? null,
        member.invitedBy ?? null,
        member.levelSeen ?? null,
        member.afterExperiment ?? null,
        member.inviteCredit ?? null,
        member.inviteCreditDay ?? null,
        member.inviteCreditsThatDay ?? null,
        member.emailUndeliverableAt ?? null,
        member.emailUndeliverableCode ?? null,
      ],
    );
    return rowCount === 1;
  }

  async updateMember(id: string, patch: MemberPatch): Promise<void> {
    if (!isUuid(id)) return;
    const sets: string[] = [];
    const values: unknown[] = [id];
    for (const [field, column] of Object.entries(MEMBER_PATCH_COLUMNS)) {
      const value = patch[field as keyof MemberPatch];
      if (value === undefined) continue;
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    }
    if (sets.length === 0) return;
    await this.run(`UPDATE members SET ${sets.join(', ')} WHERE id = $1`, values);
  }

  async upsertReflection(r: StoredReflection): Promise<void> {
    // The conflict target is the (member, day) pair: the existing row keeps its id.
    await this.run(
      `INSERT INTO reflections (${REFLECTION_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
       ON CONFLICT (member_id, day) DO UPDATE SET
         date = EXCLUDED.date, paused = EXCLUDED.paused, reflected = EXCLUDED.reflected,
         retried = EXCLUDED.retried, notes = EXCLUDED.notes, mood = EXCLUDED.mood,
         conflict_count = EXCLUDED.conflict_count, successful_responses = EXCLUDED.successful_responses,
         prompt_response = EXCLUDED.prompt_response, gratitude_practice = EXCLUDED.gratitude_practice,
         breathing_exercise = EXCLUDED.breathing_exercise, perspective_taking = EXCLUDED.perspective_taking,
         empathy_score = EXCLUDED.empathy_score, self_awareness_score = EXCLUDED.self_awareness_score,
         reflection_prompt = EXCLUDED.reflection_prompt, exercise_type = EXCLUDED.exercise_type,
         completed_exercises = EXCLUDED.completed_exercises, saved_at = EXCLUDED.saved_at`,
      [
        r.id,
        r.memberId,
        r.day,
        r.date,
        r.paused,
        r.reflected,
        r.retried,
        r.notes,
        r.mood,
        r.conflictCount,
        r.successfulResponses,
        r.promptResponse,
        r.gratitudePractice,
        r.breathingExercise,
        r.perspectiveTaking,
        r.empathyScore,
        r.selfAwarenessScore,
        r.reflectionPrompt ?? null,
        r.exerciseType,
        r.completedExercises,
        r.savedAt,
      ],
    );
  }

  async insertAchievement(a: StoredAchievement): Promise<boolean> {
    const { rowCount } = await this.run(
      `INSERT INTO achievements (${ACHIEVEMENT_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (member_id, achievement_type) DO NOTHING`,
      [
        a.id,
        a.memberId,
        a.title,
        a.description,
        a.icon,
        a.category,
        a.dayEarned,
        a.points,
        a.achievementType,
        a.awardedAt,
      ],
    );
    return rowCount === 1;
  }

  /** The conflict target is the (member, week) pair: the existing row keeps its id and created_at. */
  async upsertRippleEffect(e: StoredRippleEffect): Promise<void> {
    await this.run(
      `INSERT INTO ripple_effects (${RIPPLE_EFFECT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (member_id, week) DO UPDATE SET
         relationship_improvements = EXCLUDED.relationship_improvements,
         positive_interactions = EXCLUDED.positive_interactions,
         conflicts_avoided = EXCLUDED.conflicts_avoided, others_inspired = EXCLUDED.others_inspired,
         notes = EXCLUDED.notes`,
      [
        e.id,
        e.memberId,
        e.week,
        e.relationshipImprovements,
        e.positiveInteractions,
        e.conflictsAvoided,
        e.othersInspired,
        e.notes,
        e.createdAt,
      ],
    );
  }

  async insertStory(story: StoredStory): Promise<void> {
    await this.run(`INSERT INTO stories (${STORY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      story.id,
      story.memberId,
      story.content,
      story.location,
      story.rating,
      story.status,
      story.submittedAt,
      story.reviewedAt ?? null,
    ]);
  }

  /** Both columns are set: a patch without reviewedAt clears it. */
  async updateStory(id: string, patch: Pick<StoredStory, 'status' | 'reviewedAt'>): Promise<void> {
    if (!isUuid(id)) return;
    await this.run('UPDATE stories SET status = $2, reviewed_at = $3 WHERE id = $1', [
      id,
      patch.status,
      patch.reviewedAt ?? null,
    ]);
  }

  async replaceStates(states: readonly StateParticipation[]): Promise<void> {
    await replaceTable(this.run, 'states');
    await insertStates(this.run, states);
  }

  async replaceStatesBackup(states: readonly StateParticipation[] | undefined): Promise<void> {
    await replaceTable(this.run, 'states_backup');
    await this.run('DELETE FROM states_backup_held');
    if (states === undefined) return;
    await this.run('INSERT INTO states_backup_held DEFAULT VALUES');
    await insertStates(this.run, states, 'states_backup');
  }

  /** One row at most (migrations/010_insights.sql): a second publication replaces the first. */
  async replaceImpactSnapshot(snapshot: ImpactSnapshot | undefined): Promise<void> {
    if (snapshot === undefined) {
      await this.run('DELETE FROM impact_snapshot');
      return;
    }
    await this.run(
      `INSERT INTO impact_snapshot (snapshot) VALUES ($1::jsonb)
       ON CONFLICT (one) DO UPDATE SET snapshot = EXCLUDED.snapshot`,
      [JSON.stringify(snapshot)],
    );
  }

  /**
   * Every table holding the member's data references members ON DELETE CASCADE (reflections,
   * achievements, ripple effects, the e-mail log, member sessions and sign-ins: migrations 001
   * and 003; stories: 005), so one DELETE removes it all, in this transaction; the members they
   * invited stay, their invited_by set to NULL (005).
   */
  async deleteMember(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const { rowCount } = await this.run('DELETE FROM members WHERE id = $1', [id]);
    return rowCount === 1;
  }

  async replaceAdmins(admins: readonly StoredAdmin[]): Promise<void> {
    await replaceTable(this.run, 'admins');
    await this.run(
      `INSERT INTO admins (position, id, name, email, password_hash)
       SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::text[], $5::text[])`,
      [
        admins.map((_, i) => i),
        admins.map((a) => a.id),
        admins.map((a) => a.name),
        admins.map((a) => a.email),
        admins.map((a) => a.passwordHash),
      ],
    );
  }
}

/**
 * Empties a positioned table before it is written anew. The lock (which plain reads do not wait
 * for) makes a second replacement wait for the first to commit; its DELETE then sees the rows the
 * first one inserted, instead of colliding with them on `position`. (states_backup's lock also
 * guards states_backup_held, which is only written after it.)
 */
async function replaceTable(run: Run, table: 'states' | 'states_backup' | 'admins'): Promise<void> {
  await run(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  await run(`DELETE FROM ${table}`);
}

/** Rows 0..n-1 in the given order; also used by the seed (seed.ts). */
export async function insertStates(
  run: Run,
  states: readonly StateParticipation[],
  table: 'states' | 'states_backup' = 'states',
): Promise<void> {
  await run(
    `INSERT INTO ${table} (position, state, state_code, peacemakers)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[])`,
    [
      states.map((_, i) => i),
      states.map((s) => s.state),
      states.map((s) => s.stateCode),
      states.map((s) => s.peacemakers),
    ],
  );
}
