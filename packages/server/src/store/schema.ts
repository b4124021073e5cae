/**
 * The shape of the data file. Parsed once at start-up so a file edited by hand into nonsense is
 * refused with a clear message instead of failing later inside a request.
 *
 * Objects are "loose": fields this version does not know (added by the e-mail module or a newer
 * release) survive a load and the next write instead of being silently dropped.
 */
import { z } from 'zod';
import {
  AchievementType,
  FeaturedProduct,
  IsoDate,
  LevelKeySchema,
  ReminderTime,
  StateParticipation,
  Testimonial,
  Timezone,
} from '@prr/contract';

const isoDateTime = z.iso.datetime({ offset: true });

export const StoredMember = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  /** As entered, trimmed. Lookups compare lower-cased. */
  email: z.string(),
  zipCode: z.string(),
  /** Full state name, '' when the ZIP prefix is unknown. */
  state: z.string(),
  joinedAt: isoDateTime,
  isActive: z.boolean(),
  emailReminders: z.boolean(),
  /**
   * The member proved the address (signed in through a code or an e-mailed link). Daily reminders
   * wait for it; members from before sign-in existed count as confirmed.
   */
  emailConfirmed: z.boolean().default(true),
  reminderTime: ReminderTime,
  timezone: Timezone,
  points: z.int().min(0),
  level: LevelKeySchema,
});
export type StoredMember = z.infer<typeof StoredMember>;

export const StoredReflection = z.looseObject({
  id: z.string().min(1),
  memberId: z.string().min(1),
  day: z.int().min(1),
  date: IsoDate,
  paused: z.boolean(),
  reflected: z.boolean(),
  retried: z.boolean(),
  notes: z.string(),
  mood: z.int(),
  conflictCount: z.int(),
  successfulResponses: z.int(),
  promptResponse: z.string(),
  gratitudePractice: z.boolean(),
  breathingExercise: z.boolean(),
  perspectiveTaking: z.boolean(),
  empathyScore: z.int(),
  selfAwarenessScore: z.int(),
  /** Absent when it is the day's own prompt, which the server knows (domain/reflections.ts). */
  reflectionPrompt: z.string().optional(),
  exerciseType: z.string(),
  completedExercises: z.int(),
  savedAt: isoDateTime,
});
export type StoredReflection = z.infer<typeof StoredReflection>;

export const StoredAchievement = z.looseObject({
  id: z.string().min(1),
  memberId: z.string().min(1),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.string(),
  dayEarned: z.int().min(1),
  points: z.int().min(0),
  achievementType: AchievementType,
  awardedAt: isoDateTime,
});
export type StoredAchievement = z.infer<typeof StoredAchievement>;

export const StoredRippleEffect = z.looseObject({
  id: z.string().min(1),
  memberId: z.string().min(1),
  week: z.int(),
  relationshipImprovements: z.int(),
  positiveInteractions: z.int(),
  conflictsAvoided: z.int(),
  othersInspired: z.int(),
  notes: z.string(),
  createdAt: isoDateTime,
});
export type StoredRippleEffect = z.infer<typeof StoredRippleEffect>;

export const StoredAdmin = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  email: z.string(),
  /** argon2id PHC string. */
  passwordHash: z.string().startsWith('$argon2'),
});
export type StoredAdmin = z.infer<typeof StoredAdmin>;

/**
 * The e-mail module's delivery bookkeeping: ONE entry per member and kind, the latest delivery of
 * that kind (a welcome once, a daily reflection replaced each day), so the file grows with the
 * members and not with the days. `key` is the idempotency key memberId:kind:localDate; an entry is
 * written as 'sending' and flushed BEFORE the message is handed to the transport, so a restart
 * never sends the same key twice (see src/scheduler/emailScheduler.ts).
 */
export const EmailDeliveryStatus = z.enum(['sending', 'sent', 'retry', 'failed', 'unknown']);
export type EmailDeliveryStatus = z.infer<typeof EmailDeliveryStatus>;

export const StoredEmailDelivery = z.looseObject({
  key: z.string().min(1),
  memberId: z.string().min(1),
  kind: z.enum(['welcome', 'reflection']),
  /** The member's local calendar date the message belongs to. */
  localDate: IsoDate,
  /** The experiment day (1..90) whose prompt the message carries. */
  day: z.int().min(1),
  status: EmailDeliveryStatus,
  /** Attempts made for this key (a retry keeps the key and counts up). */
  attempts: z.int().min(0),
  messageId: z.string(),
  firstAttemptAt: isoDateTime,
  lastAttemptAt: isoDateTime,
  nextAttemptAt: isoDateTime.optional(),
  sentAt: isoDateTime.optional(),
  lastError: z.string().optional(),
});
export type StoredEmailDelivery = z.infer<typeof StoredEmailDelivery>;

/** A member session kept in the data file: only the SHA-256 of the cookie's id. */
export const StoredSession = z.looseObject({
  idHash: z.string().min(1),
  subjectId: z.string().min(1),
  createdAt: isoDateTime,
  lastSeen: isoDateTime,
});
export type StoredSession = z.infer<typeof StoredSession>;

/** A pending member sign-in (store/types.ts, SignIns): hashes only, never the code or link. */
export const StoredSignIn = z.looseObject({
  memberId: z.string().min(1),
  codeHash: z.string().min(1),
  linkHash: z.string().min(1),
  expiresAt: isoDateTime,
  wrongCodes: z.int().min(0),
  createdAt: isoDateTime,
});
export type StoredSignIn = z.infer<typeof StoredSignIn>;

export const DbData = z.looseObject({
  version: z.int().default(1),
  products: z.array(FeaturedProduct.loose()).default([]),
  testimonials: z.array(Testimonial.loose()).default([]),
  states: z.array(StateParticipation.loose()).default([]),
  members: z.array(StoredMember).default([]),
  reflections: z.array(StoredReflection).default([]),
  achievements: z.array(StoredAchievement).default([]),
  rippleEffects: z.array(StoredRippleEffect).default([]),
  admins: z.array(StoredAdmin).default([]),
  /** Owned by the e-mail module: see StoredEmailDelivery. */
  emailLog: z.array(StoredEmailDelivery).default([]),
  memberSessions: z.array(StoredSession).default([]),
  signIns: z.array(StoredSignIn).default([]),
});
export type DbData = z.infer<typeof DbData>;
