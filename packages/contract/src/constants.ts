/** Business constants (docs/product/rules.md#where-the-constants-live), defined once for the server, the mocks and the UI. */

export const EXPERIMENT_DAYS = 90;
export const DEFAULT_MOVEMENT_GOAL = 50_000;
export const TOTAL_US_STATES = 50;
export const TOP_STATES_COUNT = 5;
export const RECENT_DAYS = 7;
export const ADMIN_RECENT_MEMBERS = 10;
/** The page sizes of the admin's full participant list (docs/product/api.md#admin). */
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
/** The shortest password the admin may choose in the admin area. */
export const ADMIN_PASSWORD_MIN = 12;
/** The longest admin search text. */
export const ADMIN_SEARCH_MAX = 100;
/** How long the admin's actions are kept (docs/product/rules.md#security-events). */
export const ADMIN_ACTIVITY_RETENTION_DAYS = 365;

export const POINTS = {
  joinChallenge: 25,
  dailyReflection: 2,
  shareStory: 15,
  inviteFriend: 10,
  weekWarrior: 50,
  empathyChampion: 100,
} as const;

/** A shared story: the longest text and place a member may give (docs/product/rules.md#stories). */
export const STORY_MAX = 1000;
export const STORY_LOCATION_MAX = 100;
/** The query parameter of a member's invite link: /experiment?invite=CODE. */
export const INVITE_PARAM = 'invite';

/** Empathy score a reflection needs to count toward Empathy Champion (docs/product/rules.md#achievements). */
export const EMPATHY_CHAMPION_MIN_SCORE = 8;

/** Hourly reminder times 06:00 to 21:00. */
export const REMINDER_TIMES = Array.from({ length: 16 }, (_, i) => `${String(i + 6).padStart(2, '0')}:00`) as [
  string,
  ...string[],
];

export const TIMEZONES = [
  { value: 'America/New_York', label: 'Eastern Time (New York)' },
  { value: 'America/Chicago', label: 'Central Time (Chicago)' },
  { value: 'America/Denver', label: 'Mountain Time (Denver)' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska Time (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii Time (Honolulu)' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Australia/Sydney', label: 'Sydney' },
] as const;

export type TimezoneId = (typeof TIMEZONES)[number]['value'];
export const TIMEZONE_IDS = TIMEZONES.map((t) => t.value) as [TimezoneId, ...TimezoneId[]];

export const REMINDER_DEFAULTS = {
  emailReminders: true,
  reminderTime: '09:00',
  timezone: 'America/New_York' as TimezoneId,
} as const;

/** Slider bounds of the reflection form (docs/product/rules.md#reflections). */
export const SCORE_MIN = 1;
export const SCORE_MAX = 10;
export const SCORE_DEFAULT = 5;
export const MAX_COMPLETED_EXERCISES = 3;

/** Lower bounds of the map's colour bands; index 0 is "no peacemakers yet". */
export const MAP_BAND_THRESHOLDS = [0, 1, 50, 100, 250, 500, 1000] as const;

/**
 * The demo admin created on a first start when no admin is configured. Not a secret: the login
 * screen shows these while the password is unchanged, and the README documents them.
 */
export const DEMO_ADMIN = {
  name: 'Admin',
  email: 'admin@pausereflectretry.org',
  password: 'peacemaker',
} as const;

/** Name of the HttpOnly cookie that carries the admin session (server and mocks alike). */
export const ADMIN_SESSION_COOKIE = 'prr_admin';
/** The member's session cookie: HttpOnly, SameSite=Lax, Secure in production, 90 days. */
export const MEMBER_SESSION_COOKIE = 'prr_member';
export const MEMBER_SESSION_DAYS = 90;
/** A sign-in e-mail's code and one-time link last this long, and allow this many wrong codes. */
export const SIGN_IN_MINUTES = 10;
export const SIGN_IN_MAX_WRONG_CODES = 5;
/**
 * Sign-in e-mails one address may ask for per SIGN_IN_EMAILS_WINDOW_MINUTES (the next answers 429
 * tooManyForAddress), and per day (tooManyForAddressToday): docs/decisions/026-limits-and-defaults.md.
 */
export const SIGN_IN_EMAILS_PER_ADDRESS = 3;
export const SIGN_IN_EMAILS_WINDOW_MINUTES = 15;
export const SIGN_IN_EMAILS_PER_ADDRESS_PER_DAY = 10;
/** Wrong codes one client network may type in a day, across every address; then its code attempts answer 429. */
export const WRONG_CODES_PER_NETWORK_PER_DAY = 10;
/** Joins one client network may make in an hour, unless JOINS_PER_IP_PER_HOUR says otherwise. */
export const JOINS_PER_IP_PER_HOUR = 100;
/** The signed dashboard link in the welcome and daily e-mails lasts this long. */
export const EMAIL_LINK_DAYS = 7;

/** What the server (and the mocks) answer in sign-in's error bodies; the screens show them as given. */
export const SIGN_IN_MESSAGES = {
  /** 400, field `code`. */
  wrongCode: 'That code is not right. Check the e-mail and try again.',
  /** 400, field `code`: expired, already used, replaced by a newer one, or too many wrong tries. */
  codeExpired: 'This code has expired. Send a new one to sign in.',
  /** 400, field `token`. */
  linkExpired: 'This sign-in link has expired or was already used. Enter your e-mail to get a new one.',
  /** 429 per address: the resend limit. */
  tooManyForAddress: 'We have sent several e-mails to this address already. Please wait 15 minutes and try again.',
  /** 429 per address: the daily cap. */
  tooManyForAddressToday: 'We have sent as many e-mails to this address as we will today. Please try again tomorrow.',
  /** 429 per network: too many wrong codes today. */
  tooManyWrongCodes:
    'Too many wrong codes from your network today. Please try again tomorrow, or use the link in the e-mail.',
  /** 429 per network (IP). */
  tooManyFromNetwork: 'Too many requests from your network. Please wait a few minutes and try again.',
  /** 401 on a member route. */
  signInNeeded: 'Please sign in to see your dashboard.',
} as const;

/** The admin's second factor (docs/decisions/027-admin-second-factor.md): server and mocks answer these, the screens show them. */
export const ADMIN_SECOND_FACTOR_MESSAGES = {
  /** 401: a wrong, used or old TOTP code, or an unknown recovery code. */
  wrongCode: 'That code did not work. Check it and try again.',
  /** 401: the passkey's answer did not verify. */
  passkeyRefused: 'That passkey could not be verified. Please try again.',
  /** 401: no pending sign-in of this stage (five minutes passed, or no password yet). */
  signInAgain: 'Please sign in as the admin',
} as const;

/** The refusals of typed text (typedText.ts, docs/product/rules.md#validation), shown under the field. */
export const TEXT_MESSAGES = {
  unsafeCharacters: 'This text contains invisible control characters. Please retype it without them.',
  webAddressInName: 'A name cannot contain a web address.',
} as const;
