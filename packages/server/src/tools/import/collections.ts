/**
 * How each array of the lowdb data file becomes rows of its PostgreSQL table
 * (migrations/001_initial.sql and later): the zod schema an element must pass (store/schema.ts), the
 * columns it fills, and the checks the database would otherwise make with a less helpful error
 * (UUID syntax, smallint/integer range, year 0). Text is checked where it is encoded (copyText.ts).
 */
import { FeaturedProduct, StateParticipation, Testimonial } from '@prr/contract';
import type { z } from 'zod';
import {
  StoredAchievement,
  StoredMember,
  StoredReflection,
  StoredRippleEffect,
  StoredStory,
  compactPrompt,
  normaliseEmail,
} from '@prr/domain';
import { StoredAdmin, StoredEmailDelivery } from '../../store/schema.js';
import type { Cell } from './copyText.js';

/** The arrays of the data file, in the order lowdb writes them. */
export const COLLECTIONS = [
  'products',
  'testimonials',
  'states',
  'statesBackup',
  'members',
  'reflections',
  'achievements',
  'rippleEffects',
  'stories',
  'admins',
  'emailLog',
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];
export type ImportCounts = Record<CollectionName, number>;

export const isCollectionName = (name: string): name is CollectionName =>
  (COLLECTIONS as readonly string[]).includes(name);

export const zeroCounts = (): ImportCounts => Object.fromEntries(COLLECTIONS.map((name) => [name, 0])) as ImportCounts;

/** A unique constraint of the table, to name a violation in words (errors.ts). */
export interface UniqueKey {
  constraint: string;
  columns: readonly string[];
  /** Completes "… because it …". */
  meaning: string;
}

export interface MemberKeys {
  id: string;
  emailKey: string;
}

/** One element made into a row: the cells in `columns` order, and what the importer cross-checks. */
export interface Row {
  cells: Cell[];
  /** Dependent collections: the member the row belongs to (lower-case UUID). */
  memberId?: string;
  /** Members: the keys that must be unique within the file. */
  member?: MemberKeys;
  /**
   * Members: the member whose invite link they joined through (lower-case UUID). Not a COPY cell:
   * the inviter may come later in the file, so it is set once every member is in (importLowdb.ts).
   */
  invitedBy?: string;
}

export type RowResult = { ok: true; row: Row } | { ok: false; problem: string };

/**
 * - list: the site's content (products, testimonials, states, admins); the file's list replaces
 *   the table's rows, its array index becomes `position`.
 * - members: the parent of every member-owned row.
 * - memberData: rows with a member_id foreign key.
 */
export type CollectionKind = 'list' | 'members' | 'memberData';

export interface CollectionSpec {
  name: CollectionName;
  table: string;
  kind: CollectionKind;
  /** [column, the element's field it comes from] in COPY order. */
  columns: readonly (readonly [column: string, field: string])[];
  /** The table has a generated `seq` (insertion order), so staged rows must keep the file's order. */
  ordered: boolean;
  unique: readonly UniqueKey[];
  /**
   * A list that may be absent rather than empty: the one-row table saying it is there, written
   * when the file holds the list (the list's rows cannot say so when it is empty).
   */
  presence?: string;
  /** Field names the schema knows; others are not copied (there is no column for them). */
  knownFields: ReadonlySet<string>;
  /**
   * A rule newer than some files: one row per `columns`, the one with the latest `latest` (the
   * last in the file on a tie) kept, the others dropped with a notice, as the lowdb store does
   * when it loads such a file (store/schema.ts). The rows are staged to apply it.
   */
  onePer?: { columns: readonly string[]; latest: string; what: string };
  toRow(value: unknown, index: number): RowResult;
}

/** Thrown by the field checks below and turned into a RowResult by `rowMaker`. */
class FieldProblem extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL's uuid accepts more spellings; this is the one randomUUID writes, lower-cased as PostgreSQL returns it. */
function uuid(value: string, field: string): string {
  if (!UUID.test(value)) throw new FieldProblem(`${field}: not a UUID`);
  return value.toLowerCase();
}

function smallint(value: number, field: string): number {
  if (value < -32768 || value > 32767)
    throw new FieldProblem(`${field}: ${value} is outside the range the database stores (smallint)`);
  return value;
}

function integer(value: number, field: string): number {
  if (value < -2147483648 || value > 2147483647)
    throw new FieldProblem(`${field}: ${value} is outside the range the database stores (integer)`);
  return value;
}

/** The ISO date and date-time schemas accept year 0000, which PostgreSQL's date types reject. */
function yearOne<T extends string | undefined>(value: T, field: string): T {
  if (value?.startsWith('0000')) throw new FieldProblem(`${field}: year 0000 is not a date the database stores`);
  return value;
}

/** Why zod refused an element: paths and messages only, never the values (they may be personal). */
function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

function rowMaker<T>(
  schema: z.ZodType<T>,
  toRow: (value: T, index: number) => Row,
): (value: unknown, index: number) => RowResult {
  return (value, index) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
    try {
      return { ok: true, row: toRow(parsed.data, index) };
    } catch (error) {
      if (error instanceof FieldProblem) return { ok: false, problem: error.message };
      throw error;
    }
  };
}

const fieldsOf = (schema: { shape: Record<string, unknown> }): ReadonlySet<string> =>
  new Set(Object.keys(schema.shape));

const idKey = (table: string): UniqueKey => ({
  constraint: `${table}_pkey`,
  columns: ['id'],
  meaning: 'has the id of another element of the file or of a row already in the database',
});

/**
 * Stored only when it is not the day's own prompt: the domain's compactPrompt, so an
 * imported reflection looks like one the PostgreSQL store saved (the column's comment in
 * migrations/001_initial.sql).
 */
function storedPrompt(day: number, reflectionPrompt: string | undefined): string | null {
  return compactPrompt(day, reflectionPrompt) ?? null;
}

const products: CollectionSpec = {
  name: 'products',
  table: 'products',
  kind: 'list',
  columns: [
    ['position', '(index)'],
    ['id', 'id'],
    ['name', 'name'],
    ['image_url', 'imageUrl'],
    ['price', 'price'],
    ['shopify_url', 'shopifyUrl'],
  ],
  ordered: false,
  unique: [{ constraint: 'products_id_key', columns: ['id'], meaning: 'has the id of another product' }],
  knownFields: fieldsOf(FeaturedProduct),
  toRow: rowMaker(FeaturedProduct.loose(), (p, index) => ({
    cells: [index, p.id, p.name, p.imageUrl, p.price, p.shopifyUrl],
  })),
};

const testimonials: CollectionSpec = {
  name: 'testimonials',
  table: 'testimonials',
  kind: 'list',
  columns: [
    ['position', '(index)'],
    ['id', 'id'],
    ['name', 'name'],
    ['location', 'location'],
    ['content', 'content'],
    ['rating', 'rating'],
    ['avatar_url', 'avatarUrl'],
  ],
  ordered: false,
  unique: [{ constraint: 'testimonials_id_key', columns: ['id'], meaning: 'has the id of another testimonial' }],
  knownFields: fieldsOf(Testimonial),
  toRow: rowMaker(Testimonial.loose(), (t, index) => ({
    cells: [index, t.id, t.name, t.location, t.content, t.rating, t.avatarUrl ?? null],
  })),
};

const states: CollectionSpec = {
  name: 'states',
  table: 'states',
  kind: 'list',
  columns: [
    ['position', '(index)'],
    ['state', 'state'],
    ['state_code', 'stateCode'],
    ['peacemakers', 'peacemakers'],
  ],
  ordered: false,
  unique: [
    { constraint: 'states_state_key', columns: ['state'], meaning: 'names a state another row of the map table names' },
  ],
  knownFields: fieldsOf(StateParticipation),
  toRow: rowMaker(StateParticipation.loose(), (s, index) => ({
    cells: [index, s.state, s.stateCode, integer(s.peacemakers, 'peacemakers')],
  })),
};

/**
 * The map table the last 'Update Map' replaced, kept for one undo (migrations/004); absent from
 * the file when there is none. An empty list has no element to read, so it arrives as no backup.
 */
const statesBackup: CollectionSpec = {
  ...states,
  name: 'statesBackup',
  table: 'states_backup',
  unique: [
    {
      constraint: 'states_backup_state_key',
      columns: ['state'],
      meaning: 'names a state another row of the kept map table names',
    },
  ],
  presence: 'states_backup_held',
};

const members: CollectionSpec = {
  name: 'members',
  table: 'members',
  kind: 'members',
  columns: [
    ['id', 'id'],
    ['name', 'name'],
    ['email', 'email'],
    ['email_key', 'email'],
    ['zip_code', 'zipCode'],
    ['state', 'state'],
    ['joined_at', 'joinedAt'],
    ['is_active', 'isActive'],
    ['email_reminders', 'emailReminders'],
    ['reminder_time', 'reminderTime'],
    ['timezone', 'timezone'],
    ['points', 'points'],
    ['level', 'level'],
    ['email_confirmed', 'emailConfirmed'],
    ['invite_code', 'inviteCode'],
    ['level_seen', 'levelSeen'],
    ['after_experiment', 'afterExperiment'],
    ['invite_credit', 'inviteCredit'],
    ['invite_credit_day', 'inviteCreditDay'],
    ['invite_credits_that_day', 'inviteCreditsThatDay'],
    ['email_undeliverable_at', 'emailUndeliverableAt'],
    ['email_undeliverable_code', 'emailUndeliverableCode'],
  ],
  ordered: true,
  unique: [
    idKey('members'),
    {
      constraint: 'members_email_key_unique',
      columns: ['email_key'],
      meaning: 'has the e-mail address (ignoring case) of a member already in the database',
    },
    {
      constraint: 'members_invite_code_unique',
      columns: ['invite_code'],
      meaning: 'has the invite code of another member of the file or of a member already in the database',
    },
  ],
  knownFields: fieldsOf(StoredMember),
  toRow: rowMaker(StoredMember, (m) => {
    const id = uuid(m.id, 'id');
    const emailKey = normaliseEmail(m.email);
    return {
      cells: [
        id,
        m.name,
        m.email,
        emailKey,
        m.zipCode,
        m.state,
        yearOne(m.joinedAt, 'joinedAt'),
        m.isActive,
        m.emailReminders,
        m.reminderTime,
        m.timezone,
        integer(m.points, 'points'),
        m.level,
        m.emailConfirmed,
        m.inviteCode ?? null,
        m.levelSeen ?? null,
        m.afterExperiment ?? null,
        m.inviteCredit ?? null,
        m.inviteCreditDay ?? null,
        m.inviteCreditsThatDay ?? null,
        yearOne(m.emailUndeliverableAt, 'emailUndeliverableAt') ?? null,
        m.emailUndeliverableCode ?? null,
      ],
      member: { id, emailKey },
      ...(m.invitedBy === undefined ? {} : { invitedBy: uuid(m.invitedBy, 'invitedBy') }),
    };
  }),
};

const reflections: CollectionSpec = {
  name: 'reflections',
  table: 'reflections',
  kind: 'memberData',
  columns: [
    ['id', 'id'],
    ['member_id', 'memberId'],
    ['day', 'day'],
    ['date', 'date'],
    ['paused', 'paused'],
    ['reflected', 'reflected'],
    ['retried', 'retried'],
    ['notes', 'notes'],
    ['mood', 'mood'],
    ['conflict_count', 'conflictCount'],
    ['successful_responses', 'successfulResponses'],
    ['prompt_response', 'promptResponse'],
    ['gratitude_practice', 'gratitudePractice'],
    ['breathing_exercise', 'breathingExercise'],
    ['perspective_taking', 'perspectiveTaking'],
    ['empathy_score', 'empathyScore'],
    ['self_awareness_score', 'selfAwarenessScore'],
    ['reflection_prompt', 'reflectionPrompt'],
    ['exercise_type', 'exerciseType'],
    ['completed_exercises', 'completedExercises'],
    ['saved_at', 'savedAt'],
  ],
  ordered: false,
  unique: [
    idKey('reflections'),
    {
      constraint: 'reflections_member_day_unique',
      columns: ['member_id', 'day'],
      meaning: 'is a second reflection of the same member and day',
    },
  ],
  knownFields: fieldsOf(StoredReflection),
  toRow: rowMaker(StoredReflection, (r) => {
    const memberId = uuid(r.memberId, 'memberId');
    return {
      cells: [
        uuid(r.id, 'id'),
        memberId,
        smallint(r.day, 'day'),
        yearOne(r.date, 'date'),
        r.paused,
        r.reflected,
        r.retried,
        r.notes,
        smallint(r.mood, 'mood'),
        integer(r.conflictCount, 'conflictCount'),
        integer(r.successfulResponses, 'successfulResponses'),
        r.promptResponse,
        r.gratitudePractice,
        r.breathingExercise,
        r.perspectiveTaking,
        smallint(r.empathyScore, 'empathyScore'),
        smallint(r.selfAwarenessScore, 'selfAwarenessScore'),
        storedPrompt(r.day, r.reflectionPrompt),
        r.exerciseType,
        smallint(r.completedExercises, 'completedExercises'),
        yearOne(r.savedAt, 'savedAt'),
      ],
      memberId,
    };
  }),
};

const achievements: CollectionSpec = {
  name: 'achievements',
  table: 'achievements',
  kind: 'memberData',
  columns: [
    ['id', 'id'],
    ['member_id', 'memberId'],
    ['title', 'title'],
    ['description', 'description'],
    ['icon', 'icon'],
    ['category', 'category'],
    ['day_earned', 'dayEarned'],
    ['points', 'points'],
    ['achievement_type', 'achievementType'],
    ['awarded_at', 'awardedAt'],
  ],
  ordered: true,
  unique: [
    idKey('achievements'),
    {
      constraint: 'achievements_member_type_unique',
      columns: ['member_id', 'achievement_type'],
      meaning: 'gives a member an achievement type they already hold',
    },
  ],
  knownFields: fieldsOf(StoredAchievement),
  toRow: rowMaker(StoredAchievement, (a) => {
    const memberId = uuid(a.memberId, 'memberId');
    return {
      cells: [
        uuid(a.id, 'id'),
        memberId,
        a.title,
        a.description,
        a.icon,
        a.category,
        smallint(a.dayEarned, 'dayEarned'),
        integer(a.points, 'points'),
        a.achievementType,
        yearOne(a.awardedAt, 'awardedAt'),
      ],
      memberId,
    };
  }),
};

const rippleEffects: CollectionSpec = {
  name: 'rippleEffects',
  table: 'ripple_effects',
  kind: 'memberData',
  columns: [
    ['id', 'id'],
    ['member_id', 'memberId'],
    ['week', 'week'],
    ['relationship_improvements', 'relationshipImprovements'],
    ['positive_interactions', 'positiveInteractions'],
    ['conflicts_avoided', 'conflictsAvoided'],
    ['others_inspired', 'othersInspired'],
    ['notes', 'notes'],
    ['created_at', 'createdAt'],
  ],
  ordered: true,
  unique: [
    idKey('ripple_effects'),
    {
      constraint: 'ripple_effects_member_week_unique',
      columns: ['member_id', 'week'],
      meaning: 'is a second ripple record of the same member and week',
    },
  ],
  onePer: { columns: ['member_id', 'week'], latest: 'created_at', what: 'ripple records of a member and week' },
  knownFields: fieldsOf(StoredRippleEffect),
  toRow: rowMaker(StoredRippleEffect, (e) => {
    const memberId = uuid(e.memberId, 'memberId');
    return {
      cells: [
        uuid(e.id, 'id'),
        memberId,
        integer(e.week, 'week'),
        integer(e.relationshipImprovements, 'relationshipImprovements'),
        integer(e.positiveInteractions, 'positiveInteractions'),
        integer(e.conflictsAvoided, 'conflictsAvoided'),
        integer(e.othersInspired, 'othersInspired'),
        e.notes,
        yearOne(e.createdAt, 'createdAt'),
      ],
      memberId,
    };
  }),
};

/** Members' stories for the home page's reviews (migrations/005). */
const stories: CollectionSpec = {
  name: 'stories',
  table: 'stories',
  kind: 'memberData',
  columns: [
    ['id', 'id'],
    ['member_id', 'memberId'],
    ['content', 'content'],
    ['location', 'location'],
    ['rating', 'rating'],
    ['status', 'status'],
    ['submitted_at', 'submittedAt'],
    ['reviewed_at', 'reviewedAt'],
  ],
  ordered: true,
  unique: [idKey('stories')],
  knownFields: fieldsOf(StoredStory),
  toRow: rowMaker(StoredStory, (story) => {
    const memberId = uuid(story.memberId, 'memberId');
    return {
      cells: [
        uuid(story.id, 'id'),
        memberId,
        story.content,
        story.location,
        story.rating,
        story.status,
        yearOne(story.submittedAt, 'submittedAt'),
        yearOne(story.reviewedAt, 'reviewedAt') ?? null,
      ],
      memberId,
    };
  }),
};

const admins: CollectionSpec = {
  name: 'admins',
  table: 'admins',
  kind: 'list',
  columns: [
    ['position', '(index)'],
    ['id', 'id'],
    ['name', 'name'],
    ['email', 'email'],
    ['password_hash', 'passwordHash'],
  ],
  ordered: false,
  unique: [{ constraint: 'admins_id_key', columns: ['id'], meaning: 'has the id of another admin' }],
  knownFields: fieldsOf(StoredAdmin),
  toRow: rowMaker(StoredAdmin, (a, index) => ({ cells: [index, uuid(a.id, 'id'), a.name, a.email, a.passwordHash] })),
};

const emailLog: CollectionSpec = {
  name: 'emailLog',
  table: 'email_deliveries',
  kind: 'memberData',
  columns: [
    ['member_id', 'memberId'],
    ['kind', 'kind'],
    ['key', 'key'],
    ['local_date', 'localDate'],
    ['day', 'day'],
    ['status', 'status'],
    ['attempts', 'attempts'],
    ['message_id', 'messageId'],
    ['first_attempt_at', 'firstAttemptAt'],
    ['last_attempt_at', 'lastAttemptAt'],
    ['next_attempt_at', 'nextAttemptAt'],
    ['sent_at', 'sentAt'],
    ['last_error', 'lastError'],
  ],
  ordered: false,
  unique: [
    {
      constraint: 'email_deliveries_pkey',
      columns: ['member_id', 'kind'],
      meaning: 'is a second entry of the same member and kind',
    },
    { constraint: 'email_deliveries_key_unique', columns: ['key'], meaning: 'has the key of another entry' },
  ],
  knownFields: fieldsOf(StoredEmailDelivery),
  toRow: rowMaker(StoredEmailDelivery, (d) => {
    const memberId = uuid(d.memberId, 'memberId');
    return {
      cells: [
        memberId,
        d.kind,
        d.key,
        yearOne(d.localDate, 'localDate'),
        smallint(d.day, 'day'),
        d.status,
        integer(d.attempts, 'attempts'),
        d.messageId,
        yearOne(d.firstAttemptAt, 'firstAttemptAt'),
        yearOne(d.lastAttemptAt, 'lastAttemptAt'),
        yearOne(d.nextAttemptAt, 'nextAttemptAt') ?? null,
        yearOne(d.sentAt, 'sentAt') ?? null,
        d.lastError ?? null,
      ],
      memberId,
    };
  }),
};

export const SPECS: Readonly<Record<CollectionName, CollectionSpec>> = {
  products,
  testimonials,
  states,
  statesBackup,
  members,
  reflections,
  achievements,
  rippleEffects,
  stories,
  admins,
  emailLog,
};

/** Field names of `value` the collection has no column for (extra fields of a loose object). */
export function unknownFields(spec: CollectionSpec, value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const extra: string[] = [];
  for (const key in value) if (!spec.knownFields.has(key)) extra.push(key);
  return extra;
}
