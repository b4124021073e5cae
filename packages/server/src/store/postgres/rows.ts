/**
 * Rows of packages/server/migrations/ (001_initial.sql and later) and their stored shapes (../schema.ts).
 * Each mapping builds a fresh object, so what a read returns is always a copy. Optional fields
 * that are NULL are left out, so the objects equal what the lowdb store returns.
 *
 * The row types state what the store itself writes (e.g. a level key in `level`); the columns are
 * only ever filled from validated stored objects.
 */
import type { FeaturedProduct, StateParticipation, Testimonial } from '@prr/contract';
import type { StoredAchievement, StoredMember, StoredReflection, StoredRippleEffect, StoredStory } from '@prr/domain';
import type { StoredAdmin, StoredEmailDelivery } from '../schema.js';

const iso = (value: Date): string => value.toISOString();

export const MEMBER_COLUMNS =
  'id, name, email, zip_code, state, joined_at, is_active, email_reminders, email_confirmed, reminder_time, timezone, ' +
  'points, level, invite_code, invited_by, level_seen, after_experiment, invite_credit, invite_credit_day, ' +
  'invite_credits_that_day, email_undeliverable_at, email_undeliverable_code';

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  zip_code: string;
  state: string;
  joined_at: Date;
  is_active: boolean;
  email_reminders: boolean;
  email_confirmed: boolean;
  reminder_time: StoredMember['reminderTime'];
  timezone: StoredMember['timezone'];
  points: number;
  level: StoredMember['level'];
  invite_code: string | null;
  invited_by: string | null;
  level_seen: StoredMember['level'] | null;
  after_experiment: NonNullable<StoredMember['afterExperiment']> | null;
  invite_credit: NonNullable<StoredMember['inviteCredit']> | null;
  invite_credit_day: string | null;
  invite_credits_that_day: number | null;
  email_undeliverable_at: Date | null;
  email_undeliverable_code: number | null;
}

export function memberFromRow(row: MemberRow): StoredMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    zipCode: row.zip_code,
    state: row.state,
    joinedAt: iso(row.joined_at),
    isActive: row.is_active,
    emailReminders: row.email_reminders,
    emailConfirmed: row.email_confirmed,
    reminderTime: row.reminder_time,
    timezone: row.timezone,
    points: row.points,
    level: row.level,
    ...(row.invite_code === null ? {} : { inviteCode: row.invite_code }),
    ...(row.invited_by === null ? {} : { invitedBy: row.invited_by }),
    ...(row.level_seen === null ? {} : { levelSeen: row.level_seen }),
    ...(row.after_experiment === null ? {} : { afterExperiment: row.after_experiment }),
    ...(row.invite_credit === null ? {} : { inviteCredit: row.invite_credit }),
    ...(row.invite_credit_day === null ? {} : { inviteCreditDay: row.invite_credit_day }),
    ...(row.invite_credits_that_day === null ? {} : { inviteCreditsThatDay: row.invite_credits_that_day }),
    ...(row.email_undeliverable_at === null || row.email_undeliverable_code === null
      ? {}
      : {
          emailUndeliverableAt: iso(row.email_undeliverable_at),
          emailUndeliverableCode: row.email_undeliverable_code,
        }),
  };
}

/** Where a batch of the admin's search ended (memberSearch.ts): its last row's sort key, as the database holds it. */
export interface BatchKey {
  /** joined_at as text, microseconds and offset included (no rounding through a Date); cast back to timestamptz. */
  joined_key: string;
  seq: number;
  name_key: string;
}

export type MemberBatchRow = MemberRow & BatchKey;

export const REFLECTION_COLUMNS =
  'id, member_id, day, date, paused, reflected, retried, notes, mood, conflict_count, successful_responses, ' +
  'prompt_response, gratitude_practice, breathing_exercise, perspective_taking, empathy_score, ' +
  'self_awareness_score, reflection_prompt, exercise_type, completed_exercises, saved_at';

export interface ReflectionRow {
  id: string;
  member_id: string;
  day: number;
  /** DATE, kept as 'YYYY-MM-DD' by the pool's type parser (pool.ts). */
  date: string;
  paused: boolean;
  reflected: boolean;
  retried: boolean;
  notes: string;
  mood: number;
  conflict_count: number;
  successful_responses: number;
  prompt_response: string;
  gratitude_practice: boolean;
  breathing_exercise: boolean;
  perspective_taking: boolean;
  empathy_score: number;
  self_awareness_score: number;
  reflection_prompt: string | null;
  exercise_type: string;
  completed_exercises: number;
  saved_at: Date;
}

export function reflectionFromRow(row: ReflectionRow): StoredReflection {
  return {
    id: row.id,
    memberId: row.member_id,
    day: row.day,
    date: row.date,
    paused: row.paused,
    reflected: row.reflected,
    retried: row.retried,
    notes: row.notes,
    mood: row.mood,
    conflictCount: row.conflict_count,
    successfulResponses: row.successful_responses,
    promptResponse: row.prompt_response,
    gratitudePractice: row.gratitude_practice,
    breathingExercise: row.breathing_exercise,
    perspectiveTaking: row.perspective_taking,
    empathyScore: row.empathy_score,
    selfAwarenessScore: row.self_awareness_score,
    // NULL: the day's own prompt (see the column's comment in the migration).
    ...(row.reflection_prompt === null ? {} : { reflectionPrompt: row.reflection_prompt }),
    exerciseType: row.exercise_type,
    completedExercises: row.completed_exercises,
    savedAt: iso(row.saved_at),
  };
}

export const ACHIEVEMENT_COLUMNS =
  'id, member_id, title, description, icon, category, day_earned, points, achievement_type, awarded_at';

export interface AchievementRow {
  id: string;
  member_id: string;
  title: string;
  description: string;
  icon: string;
  category: string;
  day_earned: number;
  points: number;
  achievement_type: StoredAchievement['achievementType'];
  awarded_at: Date;
}

export function achievementFromRow(row: AchievementRow): StoredAchievement {
  return {
    id: row.id,
    memberId: row.member_id,
    title: row.title,
    description: row.description,
    icon: row.icon,
    category: row.category,
    dayEarned: row.day_earned,
    points: row.points,
    achievementType: row.achievement_type,
    awardedAt: iso(row.awarded_at),
  };
}

export const RIPPLE_EFFECT_COLUMNS =
  'id, member_id, week, relationship_improvements, positive_interactions, conflicts_avoided, others_inspired, notes, created_at';

export interface RippleEffectRow {
  id: string;
  member_id: string;
  week: number;
  relationship_improvements: number;
  positive_interactions: number;
  conflicts_avoided: number;
  others_inspired: number;
  notes: string;
  created_at: Date;
}

export function rippleEffectFromRow(row: RippleEffectRow): StoredRippleEffect {
  return {
    id: row.id,
    memberId: row.member_id,
    week: row.week,
    relationshipImprovements: row.relationship_improvements,
    positiveInteractions: row.positive_interactions,
    conflictsAvoided: row.conflicts_avoided,
    othersInspired: row.others_inspired,
    notes: row.notes,
    createdAt: iso(row.created_at),
  };
}

export const STORY_COLUMNS = 'id, member_id, content, location, rating, status, submitted_at, reviewed_at';

export interface StoryRow {
  id: string;
  member_id: string;
  content: string;
  location: string;
  rating: number;
  status: StoredStory['status'];
  submitted_at: Date;
  reviewed_at: Date | null;
}

export function storyFromRow(row: StoryRow): StoredStory {
  return {
    id: row.id,
    memberId: row.member_id,
    content: row.content,
    location: row.location,
    rating: row.rating,
    status: row.status,
    submittedAt: iso(row.submitted_at),
    ...(row.reviewed_at === null ? {} : { reviewedAt: iso(row.reviewed_at) }),
  };
}

export interface AdminRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
}

export const adminFromRow = (row: AdminRow): StoredAdmin => ({
  id: row.id,
  name: row.name,
  email: row.email,
  passwordHash: row.password_hash,
});

export interface ProductRow {
  id: string;
  name: string;
  image_url: string;
  price: string;
  shopify_url: string;
}

export const productFromRow = (row: ProductRow): FeaturedProduct => ({
  id: row.id,
  name: row.name,
  imageUrl: row.image_url,
  price: row.price,
  shopifyUrl: row.shopify_url,
});

export interface TestimonialRow {
  id: string;
  name: string;
  location: string;
  content: string;
  rating: number;
  avatar_url: string | null;
}

export const testimonialFromRow = (row: TestimonialRow): Testimonial => ({
  id: row.id,
  name: row.name,
  location: row.location,
  content: row.content,
  rating: row.rating,
  ...(row.avatar_url === null ? {} : { avatarUrl: row.avatar_url }),
});

export interface StateRow {
  state: string;
  state_code: string;
  peacemakers: number;
}

export const stateFromRow = (row: StateRow): StateParticipation => ({
  state: row.state,
  stateCode: row.state_code,
  peacemakers: row.peacemakers,
});

/** In table order; also the order of deliveryValues(). */
export const DELIVERY_COLUMN_LIST = [
  'member_id',
  'kind',
  'key',
  'local_date',
  'day',
  'status',
  'attempts',
  'message_id',
  'first_attempt_at',
  'last_attempt_at',
  'next_attempt_at',
  'sent_at',
  'last_error',
] as const;

export const DELIVERY_COLUMNS = DELIVERY_COLUMN_LIST.join(', ');

export interface DeliveryRow {
  member_id: string;
  kind: StoredEmailDelivery['kind'];
  key: string;
  local_date: string;
  day: number;
  status: StoredEmailDelivery['status'];
  attempts: number;
  message_id: string;
  first_attempt_at: Date;
  last_attempt_at: Date;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  last_error: string | null;
}

export function deliveryFromRow(row: DeliveryRow): StoredEmailDelivery {
  return {
    key: row.key,
    memberId: row.member_id,
    kind: row.kind,
    localDate: row.local_date,
    day: row.day,
    status: row.status,
    attempts: row.attempts,
    messageId: row.message_id,
    firstAttemptAt: iso(row.first_attempt_at),
    lastAttemptAt: iso(row.last_attempt_at),
    ...(row.next_attempt_at === null ? {} : { nextAttemptAt: iso(row.next_attempt_at) }),
    ...(row.sent_at === null ? {} : { sentAt: iso(row.sent_at) }),
    ...(row.last_error === null ? {} : { lastError: row.last_error }),
  };
}

/** The parameters for DELIVERY_COLUMNS, in the same order; absent optional fields are NULL. */
export function deliveryValues(record: StoredEmailDelivery): unknown[] {
  return [
    record.memberId,
    record.kind,
    record.key,
    record.localDate,
    record.day,
    record.status,
    record.attempts,
    record.messageId,
    record.firstAttemptAt,
    record.lastAttemptAt,
    record.nextAttemptAt ?? null,
    record.sentAt ?? null,
    record.lastError ?? null,
  ];
}

/**
 * The delivery columns of a join, read back from their `<alias>_<column>` names (see
 * emailLog.ts); undefined when the LEFT JOIN found no row.
 */
export function deliveryFromAliased(row: Record<string, unknown>, alias: string): StoredEmailDelivery | undefined {
  if (row[`${alias}_key`] === null || row[`${alias}_key`] === undefined) return undefined;
  const picked = Object.fromEntries(DELIVERY_COLUMN_LIST.map((column) => [column, row[`${alias}_${column}`]]));
  return deliveryFromRow(picked as unknown as DeliveryRow);
}
