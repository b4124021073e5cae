/**
 * The mocks' state: the domain's data (members, reflections, achievements, ripple effects, the
 * map table) plus what only the mocks keep (the content lists, the demo admin, sessions, pending
 * sign-ins, the clock). Created from the fixtures, changed by the handlers through the domain's
 * rules (store.ts), and put back with `resetMockDb()` between tests and stories, so every test
 * starts from the same data.
 */
import type { Admin, FeaturedProduct, Testimonial } from '@prr/contract';
import type { InsightCache, MemoryData, StoredAdminAction } from '@prr/domain';
import * as fixtures from './fixtures/index.js';

export interface MockDb extends MemoryData {
  /** The mocks' clock; fixed at FIXTURE_NOW unless `resetMockDb({ now })` says otherwise. */
  now: () => Date;
  products: FeaturedProduct[];
  testimonials: Testimonial[];
  admin: Admin & { password: string };
  /** Session tokens handed out by POST /api/admin/login and not yet logged out. */
  adminSessions: Set<string>;
  /** Member session tokens (the `prr_member` cookie) and whose session each one is. */
  memberSessions: Map<string, string>;
  /**
   * The member a browser without a (known) member cookie counts as signed in as, so stories and
   * `npm run dev:mock` open a dashboard without signing in first; null: such a browser is signed
   * out, as on the real server. Signing out sets it to null.
   */
  ambientMemberId: string | null;
  /** Pending sign-ins (at most one per member): the e-mailed code and one-time link. */
  signIns: MockSignIn[];
  /** The sign-in e-mails each address (normalised) asked for in its current window. */
  signInWindows: Map<string, SignInWindow>;
  /** The admin's actions, in the order they were recorded (handlers/adminActivity.ts). */
  adminActivity: StoredAdminAction[];
  /** E-mail keys issued by `issueMockEmailKey` and not yet used or revoked: token → member id. */
  emailKeys: Map<string, string>;
  /** EMAIL_LINK_PREFIX tokens already used (each opens once). */
  usedKeys: Set<string>;
  /** Members who signed out everywhere: their EMAIL_LINK_PREFIX tokens open nothing any more. */
  keysRevokedFor: Set<string>;
  /** The admin's second factors (handlers/adminSecondFactor.ts); none, and not required, by default. */
  adminFactors: MockAdminFactors;
  /** Browsers between the password and the second factor: pending cookie token → stage. */
  adminPending: Map<string, 'verify' | 'enrol'>;
  /** Insights' cached sums (handlers/insights.ts): emptied with the rest, so no story sees another's figures. */
  insightCache: InsightCache;
}

/** What the mocks know of the admin's second factors (docs/decisions/027-admin-second-factor.md). */
export interface MockAdminFactors {
  passkey: boolean;
  totp: boolean;
  /** Unused recovery codes, as shown (the server keeps hashes). */
  recoveryCodes: string[];
  /** As ADMIN_SECOND_FACTOR=required (or production): an admin without a factor enrols one. */
  required: boolean;
}

/** A sign-in e-mail's code and one-time link, as the mocks keep them (the server keeps hashes). */
export interface MockSignIn {
  memberId: string;
  code: string;
  linkToken: string;
  /** Epoch ms, from the mocks' clock. */
  expiresAt: number;
  wrongCodes: number;
}

/** A fixed window, as the server's rate limiter counts: it opens with the first request. */
export interface SignInWindow {
  /** Epoch ms when the window ends and the count starts again. */
  endsAt: number;
  count: number;
}

export interface ResetOptions {
  /** A fixed instant, or a function for a moving clock (e.g. `() => new Date()` in dev:mock). */
  now?: Date | (() => Date);
  /**
   * Who a browser without a member cookie counts as (see MockDb): the fixtures' main member
   * (Jordan) unless given; null makes the mocks answer 401 to such a browser, like the server.
   */
  ambientMemberId?: string | null;
}

type MockData = Omit<MockDb, 'now' | 'ambientMemberId'>;

function freshData(): MockData {
  // structuredClone so that handlers changing the store never touch the exported fixtures.
  return structuredClone<MockData>({
    products: [...fixtures.products],
    testimonials: [...fixtures.testimonials],
    states: [...fixtures.stateCounts],
    members: [...fixtures.members],
    reflections: [...fixtures.reflections],
    achievements: [...fixtures.achievements],
    rippleEffects: [...fixtures.rippleEffects],
    stories: [...fixtures.stories],
    statesBackup: undefined,
    impactSnapshot: undefined,
    insightCache: new Map(),
    admin: { ...fixtures.demoAdmin },
    adminSessions: new Set<string>(),
    memberSessions: new Map<string, string>(),
    signIns: [],
    signInWindows: new Map<string, SignInWindow>(),
    adminActivity: [],
    emailKeys: new Map<string, string>(),
    usedKeys: new Set<string>(),
    keysRevokedFor: new Set<string>(),
    adminFactors: { passkey: false, totp: false, recoveryCodes: [], required: false },
    adminPending: new Map<string, 'verify' | 'enrol'>(),
  });
}

function clockFrom(now: ResetOptions['now']): () => Date {
  if (now === undefined) return () => fixtures.FIXTURE_NOW;
  return typeof now === 'function' ? now : () => now;
}

const ambientFrom = (id: ResetOptions['ambientMemberId']): string | null =>
  id === undefined ? fixtures.demoMember.id : id;

export const mockDb: MockDb = { ...freshData(), now: clockFrom(undefined), ambientMemberId: ambientFrom(undefined) };

/**
 * Puts the store back to the fixtures, the clock back to FIXTURE_NOW and the ambient member back
 * to Jordan, unless the options say otherwise. Every member and admin session ends.
 */
export function resetMockDb(options: ResetOptions = {}): void {
  Object.assign(mockDb, freshData(), {
    now: clockFrom(options.now),
    ambientMemberId: ambientFrom(options.ambientMemberId),
  });
}
