/**
 * Every entity, request and response of docs/product/api.md (entities and calls).
 * Types are inferred from these schemas and never written a second time.
 */
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PASSWORD_MIN,
  ADMIN_RECENT_MEMBERS,
  ADMIN_SEARCH_MAX,
  EXPERIMENT_DAYS,
  MAX_COMPLETED_EXERCISES,
  RECENT_DAYS,
  REMINDER_TIMES,
  SCORE_MAX,
  SCORE_MIN,
  STORY_LOCATION_MAX,
  STORY_MAX,
  TIMEZONE_IDS,
} from './constants.js';
import { LEVEL_KEYS } from './levels.js';
import { typedText } from './typedText.js';
import { canonicalStateName } from './usStates.js';

const text = (max: number) => z.string().max(max);
/** `tooLong`: the message a form shows under the field when the text is longer than `max`. */
const requiredText = (max: number, tooLong?: string, missing?: string) =>
  z
    .string()
    .trim()
    .min(1, missing === undefined ? undefined : { error: missing })
    .max(max, tooLong === undefined ? undefined : { error: tooLong });
const count = z.int().min(0).max(100_000);
const score = z.int().min(SCORE_MIN).max(SCORE_MAX);

export const Id = z.string().min(1).max(64);

/** E-mail as people type it: surrounding spaces are trimmed before the format check (docs/product/rules.md#members). */
export const EmailAddress = z
  .string({ error: 'Invalid email address' })
  .trim()
  .pipe(z.email({ error: 'Invalid email address' }).max(254, { error: 'Invalid email address' }));
export const MemberId = z.uuid();
export const IsoDate = z.iso.date();
export const IsoDateTime = z.iso.datetime({ offset: true });

// ---- public content --------------------------------------------------------------------------

export const FeaturedProduct = z.object({
  id: Id,
  name: z.string(),
  imageUrl: z.string(),
  price: z.string(),
  shopifyUrl: z.url(),
});
export type FeaturedProduct = z.infer<typeof FeaturedProduct>;

export const Testimonial = z.object({
  id: Id,
  name: z.string(),
  location: z.string(),
  content: z.string(),
  rating: z.int().min(1).max(5),
  avatarUrl: z.string().optional(),
});
export type Testimonial = z.infer<typeof Testimonial>;

export const Timezone = z.enum(TIMEZONE_IDS, { error: 'Choose one of the listed time zones' });

// ---- movement ---------------------------------------------------------------------------------

/** docs/product/rules.md#validation: the forms check presence (and /experiment the e-mail); the server checks all. */
export const JoinRequest = z.object({
  // The join forms show these messages under the fields (docs/product/screens.md#home-join-form).
  // An empty field is stopped in the browser; the home form's plain HTML post (no script) is not.
  name: typedText(requiredText(100, 'Name must be at most 100 characters', 'Please enter your name'), 'name'),
  email: EmailAddress,
  zipCode: typedText(requiredText(10, 'Zip code must be at most 10 characters', 'Please enter your zip code')),
  /** The browser's time zone, sent only when it is one of TIMEZONES; New York otherwise. */
  timezone: Timezone.optional(),
  /** The code of the invite link the visitor came through (INVITE_PARAM); unknown codes are ignored. */
  invite: typedText(z.string().trim().max(64)).optional(),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

/** Deliberately says nothing about whether the e-mail was already known (no member enumeration). */
export const JoinResponse = z.object({ joined: z.literal(true) });
export type JoinResponse = z.infer<typeof JoinResponse>;

export const MovementStats = z.object({
  goal: z.int().positive(),
  total: z.int().min(0),
});
export type MovementStats = z.infer<typeof MovementStats>;

export const StateParticipation = z.object({
  state: z.string(),
  stateCode: z.string().length(2),
  peacemakers: z.int().min(0),
});
export type StateParticipation = z.infer<typeof StateParticipation>;
export const StateParticipationList = z.array(StateParticipation);

// ---- members and the dashboard -------------------------------------------------------------------

export const LevelKeySchema = z.enum(LEVEL_KEYS);
export const ReminderTime = z.enum(REMINDER_TIMES, { error: 'Choose a time between 06:00 and 21:00' });

/** After day 90: keep the daily reflection e-mail coming (its prompts start again at day 1), or stop the e-mails. */
export const AfterExperimentChoice = z.enum(['continue', 'stop']);
export type AfterExperimentChoice = z.infer<typeof AfterExperimentChoice>;
export const AfterExperimentRequest = z.object({ choice: AfterExperimentChoice });
export type AfterExperimentRequest = z.infer<typeof AfterExperimentRequest>;

/** The signed-in member's own view (GET /api/me): never answered without their session. */
export const Member = z.object({
  id: MemberId,
  name: z.string(),
  /** Their own address, for "Signed in as …". */
  email: z.string(),
  currentDay: z.int().min(1).max(EXPERIMENT_DAYS),
  emailReminders: z.boolean(),
  reminderTime: ReminderTime,
  timezone: Timezone,
  peacemakerLevel: LevelKeySchema.default('Prospect'),
  levelProgressPoints: z.int().min(0).default(0),
  /** Day 91 or later: the 90 days are over (currentDay stays 90) and the dashboard shows the completion screen. */
  completed: z.boolean().default(false),
  /** A level reached since the dashboard last celebrated one (POST /api/me/level-up/seen); null when none. */
  levelUp: LevelKeySchema.nullable().default(null),
  /** What the member chose once the 90 days were over; null until they choose. */
  afterExperiment: AfterExperimentChoice.nullable().default(null),
});
export type Member = z.infer<typeof Member>;

/** The dashboard acknowledges the level it celebrated; a lower or stale level changes nothing. */
export const LevelUpSeenRequest = z.object({ level: LevelKeySchema });
export type LevelUpSeenRequest = z.infer<typeof LevelUpSeenRequest>;

/** The member's invite link code (the UI builds /experiment?invite=CODE) and how many joined through it. */
export const InviteInfo = z.object({
  code: z.string().min(1).max(64),
  friendsJoined: z.int().min(0),
});
export type InviteInfo = z.infer<typeof InviteInfo>;

/**
 * Only an integer: a day outside 1..90 is a well-formed request for a prompt that does not exist,
 * which the server answers 404 (docs/product/rules.md#reflection-prompts); a non-numeric day is still a 400.
 */
export const DayParam = z.object({ day: z.coerce.number().int() });

/** The fields a member fills in on the reflection form. */
export const ReflectionFields = z.object({
  paused: z.boolean(),
  reflected: z.boolean(),
  retried: z.boolean(),
  notes: text(5000),
  mood: score,
  conflictCount: count,
  successfulResponses: count,
  promptResponse: text(5000),
  gratitudePractice: z.boolean(),
  breathingExercise: z.boolean(),
  perspectiveTaking: z.boolean(),
  empathyScore: score,
  selfAwarenessScore: score,
});
export type ReflectionFields = z.infer<typeof ReflectionFields>;

/** The kinds of exercise a reflection prompt sets. */
export const ExerciseType = z.enum([
  'breathing',
  'journaling',
  'observation',
  'conversation',
  'perspective-taking',
  'gratitude',
  'action',
  'visualization',
]);
export type ExerciseType = z.infer<typeof ExerciseType>;

/**
 * A reflection's exercise: its prompt's, or '' when it was saved without the prompt (the form
 * still works when the prompt could not be loaded).
 */
export const ReflectionExercise = z.enum([...ExerciseType.options, '']);
export type ReflectionExercise = z.infer<typeof ReflectionExercise>;

/** The member comes from the session, never from the body. The typed texts refuse control characters. */
export const ReflectionRequest = ReflectionFields.extend({
  notes: typedText(text(5000), 'multi-line'),
  promptResponse: typedText(text(5000), 'multi-line'),
  day: z.int().min(1).max(EXPERIMENT_DAYS),
  date: IsoDate,
  reflectionPrompt: typedText(text(2000), 'multi-line'),
  exerciseType: ReflectionExercise,
  completedExercises: z.int().min(0).max(MAX_COMPLETED_EXERCISES),
});
export type ReflectionRequest = z.infer<typeof ReflectionRequest>;

/** `savedAt`: the last save (the first, or the update that replaced it). */
/** Stored texts are read as they are: one saved before the refusals still opens. */
export const Reflection = ReflectionRequest.extend({
  notes: text(5000),
  promptResponse: text(5000),
  reflectionPrompt: text(2000),
  id: Id,
  memberId: MemberId,
  savedAt: IsoDateTime,
});
export type Reflection = z.infer<typeof Reflection>;
export const ReflectionList = z.array(Reflection);

/** Saving a reflection answers the stored reflection and what it earned. */
export const ReflectionSaved = z.object({
  reflection: Reflection,
  pointsAwarded: z.int().min(0),
  newAchievements: z.array(z.lazy(() => Achievement)),
  peacemakerLevel: LevelKeySchema,
  levelProgressPoints: z.int().min(0),
});
export type ReflectionSaved = z.infer<typeof ReflectionSaved>;

export const ReflectionPrompt = z.object({
  day: z.int().min(1).max(EXPERIMENT_DAYS),
  title: z.string(),
  prompt: z.string(),
  category: z.string(),
  difficulty: z.int().min(1).max(3),
  exerciseType: ExerciseType,
});
export type ReflectionPrompt = z.infer<typeof ReflectionPrompt>;

export const AchievementType = z.enum(['week_streak', 'empathy_champion']);
export type AchievementType = z.infer<typeof AchievementType>;

/** The catalogue's categories, lower-case as the server has always stored them. */
export const AchievementCategory = z.enum(['consistency', 'empathy']);
export type AchievementCategory = z.infer<typeof AchievementCategory>;

export const Achievement = z.object({
  id: Id,
  memberId: MemberId,
  title: z.string(),
  description: z.string(),
  icon: z.string().default('trophy'),
  category: AchievementCategory,
  dayEarned: z.int().min(1).max(EXPERIMENT_DAYS),
  points: z.int().min(0),
  achievementType: AchievementType,
});
export type Achievement = z.infer<typeof Achievement>;
export const AchievementList = z.array(Achievement);

export const RippleEffectFields = z.object({
  week: z.int().min(1).max(13),
  relationshipImprovements: count,
  positiveInteractions: count,
  conflictsAvoided: count,
  othersInspired: count,
  notes: text(5000),
});
export type RippleEffectFields = z.infer<typeof RippleEffectFields>;

export const RippleEffectRequest = RippleEffectFields.extend({ notes: typedText(text(5000), 'multi-line') });
export type RippleEffectRequest = z.infer<typeof RippleEffectRequest>;

export const RippleEffect = RippleEffectFields.extend({ id: Id, memberId: MemberId });
export type RippleEffect = z.infer<typeof RippleEffect>;
export const RippleEffectList = z.array(RippleEffect);

export const EmailSettings = z.object({
  emailReminders: z.boolean(),
  reminderTime: ReminderTime,
  timezone: Timezone,
});
export type EmailSettings = z.infer<typeof EmailSettings>;

// ---- stories (docs/product/rules.md#stories) ---------------------------------------------------------

/** A member's testimonial: plain text everywhere it is shown, never HTML. */
export const StoryRequest = z.object({
  content: typedText(
    z
      .string()
      .trim()
      .min(1, { error: 'Write your story' })
      .max(STORY_MAX, { error: `Your story must be at most ${STORY_MAX} characters` }),
    'multi-line',
  ),
  location: typedText(
    z
      .string()
      .trim()
      .min(1, { error: 'Say where you are, for example Austin, TX' })
      .max(STORY_LOCATION_MAX, { error: `Location must be at most ${STORY_LOCATION_MAX} characters` }),
  ),
  rating: z.int({ error: 'Choose a rating from 1 to 5' }).min(1, { error: 'Choose a rating from 1 to 5' }).max(5, {
    error: 'Choose a rating from 1 to 5',
  }),
});
export type StoryRequest = z.infer<typeof StoryRequest>;

export const StoryStatus = z.enum(['pending', 'approved', 'rejected']);
export type StoryStatus = z.infer<typeof StoryStatus>;

/** Stored texts are read as they are: one saved before the refusals still opens. */
export const MemberStory = StoryRequest.extend({
  content: z.string(),
  location: z.string(),
  id: Id,
  status: StoryStatus,
  submittedAt: IsoDateTime,
  reviewedAt: IsoDateTime.nullable(),
});
export type MemberStory = z.infer<typeof MemberStory>;
/** The member's stories, newest first. */
export const MemberStoryList = z.array(MemberStory);

/** The dashboard's header figures (docs/product/rules.md#dashboard-figures), computed by dashboardFigures. */
export const DashboardFigures = z.object({
  currentDay: z.int().min(1).max(EXPERIMENT_DAYS),
  progressPercent: z.int().min(0).max(100),
  daysRemaining: z.int().min(0).max(EXPERIMENT_DAYS),
  dayStreak: z.int().min(0).max(RECENT_DAYS),
  timesPaused: z.int().min(0),
  betterResponses: z.int().min(0),
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

/**
 * GET /api/me/dashboard: everything the dashboard's first screen shows, in one answer
 * (docs/decisions/033-one-request-dashboard.md). The other tabs read their own calls when opened.
 */
export const MemberDashboard = z.object({
  member: Member,
  /** The prompt of the member's current day. */
  prompt: ReflectionPrompt,
  /** The reflection of the member's current day; null until it is saved. */
  today: Reflection.nullable(),
  /** The latest seven reflections, newest first. */
  recent: z.array(Reflection).max(RECENT_DAYS),
  figures: DashboardFigures,
  /** Oldest first, as GET /api/me/achievements. */
  achievements: AchievementList,
  /** Null for a member from before invites: GET /api/me/invite gives them their code on the first ask. */
  invite: InviteInfo.nullable(),
  /** Newest first, as GET /api/me/stories. */
  stories: MemberStoryList,
});
export type MemberDashboard = z.infer<typeof MemberDashboard>;

/** What the admin reviews: the story and who sent it; `author` is how the home page would name them. */
export const AdminStory = MemberStory.extend({
  memberId: MemberId,
  memberName: z.string(),
  memberEmail: z.string(),
  author: z.string(),
});
export type AdminStory = z.infer<typeof AdminStory>;
export const AdminStoryList = z.array(AdminStory);

export const AdminStoryQuery = z.object({ status: StoryStatus.default('pending') });
export type AdminStoryQuery = z.output<typeof AdminStoryQuery>;

export const StoryReviewRequest = z.object({ decision: z.enum(['approve', 'reject']) });
export type StoryReviewRequest = z.infer<typeof StoryReviewRequest>;

export const StoryIdParam = z.object({ id: Id });

// ---- the member's own data ----------------------------------------------------------------------------

/** 'Download my data': everything stored about the member, as one JSON file. */
export const MemberExport = z.object({
  exportedAt: IsoDateTime,
  profile: z.object({
    id: MemberId,
    name: z.string(),
    email: z.string(),
    zipCode: z.string(),
    state: z.string(),
    joinedAt: IsoDateTime,
    isActive: z.boolean(),
    points: z.int().min(0),
    peacemakerLevel: LevelKeySchema,
    friendsJoined: z.int().min(0),
    afterExperiment: AfterExperimentChoice.nullable(),
  }),
  emailSettings: EmailSettings,
  reflections: ReflectionList,
  achievements: AchievementList,
  rippleEffects: RippleEffectList,
  stories: MemberStoryList,
});
export type MemberExport = z.infer<typeof MemberExport>;

export const AccountDeleted = z.object({ deleted: z.literal(true) });

// ---- member sign-in (docs/decisions/005-member-sign-in.md) ----------------------------------------

export const SignInRequest = z.object({ email: EmailAddress });
export type SignInRequest = z.infer<typeof SignInRequest>;
/** The code and link went out to the address; they last SIGN_IN_MINUTES. */
export const SignInRequested = z.object({ sent: z.literal(true), expiresInMinutes: z.int().min(1) });
export type SignInRequested = z.infer<typeof SignInRequested>;

export const SignInCodeRequest = z.object({
  email: EmailAddress,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from the e-mail' }),
});
export type SignInCodeRequest = z.infer<typeof SignInCodeRequest>;

/** The one-time link of a sign-in e-mail, or the signed link of a welcome or daily e-mail. */
export const SignInLinkRequest = z.object({ token: z.string().min(1).max(2000) });
export type SignInLinkRequest = z.infer<typeof SignInLinkRequest>;

export const SignOutResponse = z.object({ signedOut: z.literal(true) });

/**
 * Whose e-mail key this is, asked before it is used (docs/decisions/025-e-mail-key-flow.md): the
 * page shows "Open my dashboard", or asks before switching when another member is signed in here.
 * Checking uses nothing up; only the button's POST to signInWithLink does.
 */
export const SignInLinkInfo = z.object({
  /** The key owner's first name, for "Continue as Grace?". */
  firstName: z.string(),
  /** True when this browser is already signed in as the key's owner: the dashboard just opens. */
  sameMember: z.boolean(),
});
export type SignInLinkInfo = z.infer<typeof SignInLinkInfo>;

export const UnsubscribeRequest = z.object({ token: z.string().min(1).max(2000) });
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequest>;
export const UnsubscribeResponse = z.object({ emailReminders: z.literal(false) });

// ---- admin -------------------------------------------------------------------------------------------

export const AdminLoginRequest = z.object({
  email: EmailAddress,
  password: z.string().min(6, { error: 'Password must be at least 6 characters' }).max(200),
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequest>;

export const Admin = z.object({ name: z.string(), email: z.string() });
export type Admin = z.infer<typeof Admin>;

/** Which second factors the admin has (docs/decisions/027-admin-second-factor.md). */
export const SecondFactorMethods = z.object({
  passkey: z.boolean(),
  totp: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodes: z.int().min(0),
});
export type SecondFactorMethods = z.infer<typeof SecondFactorMethods>;

/**
 * The password step's answer. 'none': signed in (outside production, an admin who has not enrolled);
 * 'required': prove a second factor next; 'enrol': enrol one next. Until then only the
 * /api/admin/login/ routes accept this browser.
 */
export const AdminLoginResponse = z.object({
  admin: Admin,
  secondFactor: z.enum(['none', 'required', 'enrol']),
  methods: SecondFactorMethods,
});
export type AdminLoginResponse = z.infer<typeof AdminLoginResponse>;

/** WebAuthn options as @simplewebauthn/server makes them; the browser library reads the rest. */
export const PasskeyOptions = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

/** A WebAuthn credential as @simplewebauthn/browser returns it; the server verifies the rest. */
export const PasskeyCredential = z.looseObject({
  id: z.string().min(1).max(1500),
  rawId: z.string().min(1).max(1500),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(20_000) }),
  clientExtensionResults: z.looseObject({}),
});
export type PasskeyCredential = z.infer<typeof PasskeyCredential>;

/** A TOTP secret being enrolled: the otpauth URI as a QR code (SVG markup) and as text. */
export const TotpSetup = z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof TotpSetup>;

/** An authenticator code (6 digits) or a recovery code; spaces and dashes are ignored. */
export const SecondFactorCode = z.object({
  code: z
    .string()
    .max(40)
    .transform((code) => code.replace(/[\s-]/g, ''))
    .pipe(z.string().min(6, { error: 'Enter the code' })),
});
export type SecondFactorCode = z.input<typeof SecondFactorCode>;

export const AdminSignedIn = z.object({ admin: Admin });
export type AdminSignedIn = z.infer<typeof AdminSignedIn>;

/** The first second factor is on: signed in, with the recovery codes, shown this once. */
export const AdminEnrolled = z.object({ admin: Admin, recoveryCodes: z.array(z.string()) });
export type AdminEnrolled = z.infer<typeof AdminEnrolled>;

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** Shown on the login screen only while the demo admin's password is unchanged (docs/product/rules.md#admin-account). */
export const AdminLoginInfo = z.object({
  demoCredentials: z.object({ email: z.string(), password: z.string() }).nullable(),
});
export type AdminLoginInfo = z.infer<typeof AdminLoginInfo>;

/** The admin's own password change: the current one, and a new one of at least ADMIN_PASSWORD_MIN characters. */
export const AdminPasswordChange = z.object({
  currentPassword: z.string().min(1, { error: 'Enter your current password' }).max(200),
  newPassword: z
    .string()
    .min(ADMIN_PASSWORD_MIN, { error: `New password must be at least ${ADMIN_PASSWORD_MIN} characters` })
    .max(200, { error: 'New password must be at most 200 characters' }),
});
export type AdminPasswordChange = z.infer<typeof AdminPasswordChange>;
export const AdminPasswordChanged = z.object({ changed: z.literal(true) });

export const AdminSession = z.object({ admin: Admin });
export type AdminSession = z.infer<typeof AdminSession>;

export const LogoutResponse = z.object({ loggedOut: z.literal(true) });

export const AdminMember = z.object({
  id: MemberId,
  name: z.string(),
  email: z.string(),
  state: z.string(),
  zipCode: z.string(),
  isActive: z.boolean(),
  joinedAt: IsoDateTime,
  /**
   * The receiving mail server refused the address for good: since when, and its SMTP reply code.
   * Nothing but a sign-in e-mail goes to it until the member proves it again
   * (docs/product/rules.md#undeliverable-addresses). Absent while mail is delivered.
   */
  emailUndeliverable: z.object({ since: IsoDateTime, smtpCode: z.int().min(500).max(599) }).optional(),
});
export type AdminMember = z.infer<typeof AdminMember>;

/** The list's orders: join date either way, or name (case-insensitive) either way; ties newest first. */
export const AdminMemberSort = z.enum(['newest', 'oldest', 'name', 'name-desc']);
export type AdminMemberSort = z.infer<typeof AdminMemberSort>;
export const AdminMemberStatus = z.enum(['all', 'active', 'inactive']);
export type AdminMemberStatus = z.infer<typeof AdminMemberStatus>;

/**
 * Which participants the full list and the CSV export show (query string). `q` matches part of a
 * name or e-mail (any case) or the start of a ZIP code; `state` is a state's name or two-letter
 * code, '' for all.
 */
export const AdminMemberFilter = z.object({
  q: z
    .string()
    .trim()
    .max(ADMIN_SEARCH_MAX, { error: `Search text must be at most ${ADMIN_SEARCH_MAX} characters` })
    .default(''),
  state: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || canonicalStateName(value) !== undefined, { error: 'Choose a US state' })
    .transform((value) => (value === '' ? '' : (canonicalStateName(value) ?? ''))),
  status: AdminMemberStatus.default('all'),
  sort: AdminMemberSort.default('newest'),
});
export type AdminMemberFilter = z.output<typeof AdminMemberFilter>;
export type AdminMemberFilterInput = z.input<typeof AdminMemberFilter>;

/**
 * A numbered page of an admin list (participants, activity): 10 (the dashboard's recent card)
 * to 100 rows. Offset pages rather than cursors so the admin can jump to "page 7 of 20"
 * (docs/decisions/022-admin-participants-at-scale.md).
 */
export const PageQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int({ error: 'Page must be a whole number from 1' })
    .min(1, { error: 'Page must be a whole number from 1' })
    .max(1_000_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: `Page size must be from ${ADMIN_RECENT_MEMBERS} to 100` })
    .int({ error: `Page size must be from ${ADMIN_RECENT_MEMBERS} to 100` })
    .min(ADMIN_RECENT_MEMBERS, { error: `Page size must be from ${ADMIN_RECENT_MEMBERS} to 100` })
    .max(100, { error: `Page size must be from ${ADMIN_RECENT_MEMBERS} to 100` })
    .default(ADMIN_PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.output<typeof PageQuery>;

export const AdminMemberQuery = AdminMemberFilter.extend(PageQuery.shape);
export type AdminMemberQuery = z.output<typeof AdminMemberQuery>;
export type AdminMemberQueryInput = z.input<typeof AdminMemberQuery>;

/** `total` counts every participant the filter matches; a page past the last has no items. */
export const AdminMemberPage = z.object({
  items: z.array(AdminMember),
  total: z.int().min(0),
  page: z.int().min(1),
  pageSize: z.int().min(1),
});
export type AdminMemberPage = z.infer<typeof AdminMemberPage>;

/**
 * What the admin did, kept for a year and listed on the Activity page
 * (docs/product/rules.md#security-events).
 */
export const AdminAction = z.enum([
  'participant.add',
  'participant.edit',
  'participant.status',
  'participant.delete',
  'participants.export',
  'map.update',
  'map.undo',
  'story.approve',
  'story.reject',
  'activity.export',
  'password.change',
  'second-factor.enrol',
  'second-factor.remove',
  'recovery-codes.regenerate',
  'insights.export',
  'impact.publish',
  'impact.withdraw',
]);
export type AdminAction = z.infer<typeof AdminAction>;

/**
 * One admin action: when, what, the participant concerned (their name at the time: never their
 * e-mail, and not their id, so a record outlives a deletion without pointing at anyone) and the
 * network it came from (an IPv4 address or an IPv6 /64).
 */
export const AdminActivity = z.object({
  id: z.string().min(1),
  at: IsoDateTime,
  action: AdminAction,
  participant: z.object({ name: z.string() }).nullable(),
  network: z.string(),
});
export type AdminActivity = z.infer<typeof AdminActivity>;

/** A page of the admin's actions, newest first; numbered like the participant list's pages. */
export const AdminActivityPage = z.object({
  items: z.array(AdminActivity),
  total: z.int().min(0),
  page: z.int().min(1),
  pageSize: z.int().min(1),
});
export type AdminActivityPage = z.infer<typeof AdminActivityPage>;

export const MemberIdParam = z.object({ id: MemberId });
export type MemberIdParam = z.infer<typeof MemberIdParam>;

export const AdminStats = z.object({
  totalMembers: z.int().min(0),
  totalParticipation: z.int().min(0),
  stateCount: z.int().min(0),
});
export type AdminStats = z.infer<typeof AdminStats>;

export const ParticipantRequest = z.object({
  name: typedText(z.string().trim().min(2, { error: 'Name must be at least 2 characters' }).max(100), 'name'),
  email: EmailAddress,
  state: typedText(z.string().trim().min(2, { error: 'State is required' }).max(60)),
  zipCode: typedText(z.string().trim().min(5, { error: 'Zip code must be at least 5 characters' }).max(10)),
});
export type ParticipantRequest = z.infer<typeof ParticipantRequest>;

/** Correcting a participant: the fields of Add Participant but the e-mail (their sign-in), same messages. */
export const ParticipantUpdate = ParticipantRequest.pick({ name: true, state: true, zipCode: true });
export type ParticipantUpdate = z.infer<typeof ParticipantUpdate>;

export const ParticipantStatusRequest = z.object({ isActive: z.boolean() });
export type ParticipantStatusRequest = z.infer<typeof ParticipantStatusRequest>;

export const ParticipantDeleted = z.object({ deleted: z.literal(true) });

export const RecalculateResponse = z.object({ states: StateParticipationList, stats: AdminStats });
export type RecalculateResponse = z.infer<typeof RecalculateResponse>;

/** A map's headline: its peacemakers and the states with at least one. */
export const MapTotals = z.object({ peacemakers: z.int().min(0), states: z.int().min(0) });
export type MapTotals = z.infer<typeof MapTotals>;

/**
 * What 'Update Map' would change, for its confirmation: today's counts, the counts of active
 * members that would replace them, and whether the last update can still be undone.
 */
export const RecalculatePreview = z.object({
  current: MapTotals,
  recalculated: MapTotals,
  undoAvailable: z.boolean(),
});
export type RecalculatePreview = z.infer<typeof RecalculatePreview>;
