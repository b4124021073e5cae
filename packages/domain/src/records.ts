/**
 * The data model the rules work on: what a store keeps per member, reflection, achievement and
 * ripple effect. The server's lowdb data file is parsed with these schemas at start-up
 * (packages/server/src/store/schema.ts), and the PostgreSQL store maps its rows to the same types.
 *
 * Objects are "loose": fields this version does not know (added by a newer release) survive a
 * load and the next write instead of being silently dropped. Text fields that the contract has
 * since closed to a set (an achievement's category, a reflection's exerciseType) stay plain
 * strings here, so data saved before keeps loading; the views narrow them.
 */
import { z } from 'zod';
import {
  AchievementType,
  AdminAction,
  AfterExperimentChoice,
  IsoDate,
  IsoDateTime,
  LevelKeySchema,
  ReminderTime,
  StoryStatus,
  Timezone,
} from '@prr/contract';

export const StoredMember = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  /** As entered, trimmed (email.ts, storedEmail). Lookups compare normaliseEmail. */
  email: z.string(),
  zipCode: z.string(),
  /** Full state name, '' when the ZIP prefix is unknown. */
  state: z.string(),
  joinedAt: IsoDateTime,
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
  /** Stored beside the points so the data reads on its own; always levelForPoints(points). */
  level: LevelKeySchema,
  /**
   * The code of the member's invite link (unique; members from before invites get one on first
   * ask). Absent until then.
   */
  inviteCode: z.string().min(1).optional(),
  /** The member whose invite link this member joined through (+10 went to them, once). */
  invitedBy: z.string().optional(),
  /**
   * The inviter's +10 for this member (docs/product/rules.md#invites): 'pending' from the join
   * until this member's first proof, then 'paid', or 'over-cap' past the inviter's daily cap.
   * Absent without an invite, and for members from before this rule (paid at their join).
   */
  inviteCredit: z.enum(['pending', 'paid', 'over-cap']).optional(),
  /** As an inviter: the UTC day (YYYY-MM-DD) of `inviteCreditsThatDay`. */
  inviteCreditDay: IsoDate.optional(),
  /** As an inviter: friends paid for on `inviteCreditDay` (at most INVITE_CREDITS_PER_DAY). */
  inviteCreditsThatDay: z.int().min(0).optional(),
  /**
   * The highest level the dashboard has celebrated. Absent in data from before level-ups were
   * noticed: read as the member's current level, so nobody is congratulated on an old level.
   */
  levelSeen: LevelKeySchema.optional(),
  /** The choice made after day 90; absent until then. */
  afterExperiment: AfterExperimentChoice.optional(),
  /**
   * When the receiving mail server first refused the address for good (an SMTP 5xx reply to it),
   * and that reply's code: nothing more is sent until the member proves the address again
   * (undeliverable.ts, docs/product/rules.md#undeliverable-addresses). Absent, or both present.
   */
  emailUndeliverableAt: IsoDateTime.optional(),
  emailUndeliverableCode: z.int().min(500).max(599).optional(),
});
export type StoredMember = z.infer<typeof StoredMember>;

/** The member fields a write may change after the join. */
export type MemberPatch = Partial<
  Pick<
    StoredMember,
    | 'name'
    | 'zipCode'
    | 'state'
    | 'isActive'
    | 'emailReminders'
    | 'emailConfirmed'
    | 'reminderTime'
    | 'timezone'
    | 'points'
    | 'level'
    | 'inviteCode'
    | 'inviteCredit'
    | 'inviteCreditDay'
    | 'inviteCreditsThatDay'
    | 'levelSeen'
    | 'afterExperiment'
  >
> & {
  /** null takes the mark away (undeliverable.ts: the address proved again). */
  emailUndeliverableAt?: string | null;
  emailUndeliverableCode?: number | null;
};

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
  /** Absent when it is the day's own prompt, which the rules know (reflections.ts, compactPrompt). */
  reflectionPrompt: z.string().optional(),
  exerciseType: z.string(),
  completedExercises: z.int(),
  savedAt: IsoDateTime,
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
  awardedAt: IsoDateTime,
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
  createdAt: IsoDateTime,
});
export type StoredRippleEffect = z.infer<typeof StoredRippleEffect>;

/** A member's story for the home page's reviews (contract: StoryRequest, docs/product/rules.md#stories). */
export const StoredStory = z.looseObject({
  id: z.string().min(1),
  memberId: z.string().min(1),
  content: z.string(),
  location: z.string(),
  rating: z.int().min(1).max(5),
  status: StoryStatus,
  submittedAt: IsoDateTime,
  /** When the admin approved or rejected it; absent while pending. */
  reviewedAt: IsoDateTime.optional(),
});
export type StoredStory = z.infer<typeof StoredStory>;

/**
 * One admin action kept for a year (docs/product/rules.md#security-events): the participant it
 * concerned by their name at the time (absent for the map, exports and the admin's own account),
 * never an e-mail or an id, so deleting a member leaves nothing that points at them; `network` is where it came from (an IPv4 address or an IPv6 /64).
 */
export const StoredAdminAction = z.looseObject({
  id: z.string().min(1),
  at: IsoDateTime,
  action: AdminAction,
  adminId: z.string().min(1),
  participant: z.object({ name: z.string() }).optional(),
  network: z.string(),
});
export type StoredAdminAction = z.infer<typeof StoredAdminAction>;
