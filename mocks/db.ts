/**
 * The mocks' in-memory store. Created from the fixtures, mutated by the handlers (joining, saving a
 * reflection, adding a participant...) and put back with `resetMockDb()` between tests and stories,
 * so every test starts from the same data.
 */
import {
  POINTS,
  REMINDER_DEFAULTS,
  SIGN_IN_MESSAGES,
  levelForPoints,
  type Achievement,
  type Admin,
  type AdminMember,
  type FeaturedProduct,
  type Member,
  type Reflection,
  type RippleEffect,
  type StateParticipation,
  type Testimonial,
} from '@prr/contract';
import * as fixtures from './fixtures/index.js';
import type { MockMember } from './fixtures/index.js';
import { fail } from './errors.js';
import { currentDayOf } from './lib/dates.js';

export interface MockDb {
  /** The mocks' clock; fixed at FIXTURE_NOW unless `resetMockDb({ now })` says otherwise. */
  now: () => Date;
  products: FeaturedProduct[];
  testimonials: Testimonial[];
  states: StateParticipation[];
  members: MockMember[];
  reflections: Reflection[];
  achievements: Achievement[];
  rippleEffects: RippleEffect[];
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
  /** When each address asked for a sign-in e-mail: the per-address limit counts them. */
  signInRequests: { email: string; at: number }[];
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
  // structuredClone so that handlers mutating the store never touch the exported fixtures.
  return structuredClone<MockData>({
    products: [...fixtures.products],
    testimonials: [...fixtures.testimonials],
    states: [...fixtures.stateCounts],
    members: [...fixtures.members],
    reflections: [...fixtures.reflections],
    achievements: [...fixtures.achievements],
    rippleEffects: [...fixtures.rippleEffects],
    admin: { ...fixtures.demoAdmin },
    adminSessions: new Set<string>(),
    memberSessions: new Map<string, string>(),
    signIns: [],
    signInRequests: [],
  });
}

function clockFrom(now: ResetOptions['now']): () => Date {
  if (now === undefined) return () => fixtures.FIXTURE_NOW;
  return typeof now === 'function' ? now : () => now;
}

const ambientFrom = (id: ResetOptions['ambientMemberId']): string | null => (id === undefined ? fixtures.demoMember.id : id);

export const mockDb: MockDb = { ...freshData(), now: clockFrom(undefined), ambientMemberId: ambientFrom(undefined) };

/**
 * Puts the store back to the fixtures, the clock back to FIXTURE_NOW and the ambient member back
 * to Jordan, unless the options say otherwise. Every member and admin session ends.
 */
export function resetMockDb(options: ResetOptions = {}): void {
  Object.assign(mockDb, freshData(), { now: clockFrom(options.now), ambientMemberId: ambientFrom(options.ambientMemberId) });
}

// ---- members ----------------------------------------------------------------------------------

/** DESIGN.md: e-mail is matched case-insensitively and trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findMemberByEmail(email: string): MockMember | undefined {
  const wanted = normalizeEmail(email);
  return mockDb.members.find((m) => normalizeEmail(m.email) === wanted);
}

export function findMemberById(id: string | null | undefined): MockMember | undefined {
  return id ? mockDb.members.find((m) => m.id === id) : undefined;
}

/**
 * The signed-in member of a 'member' route (contractHandler passes `memberId` from the session),
 * or the route's 401 when there is none.
 */
export function requireSignedIn(memberId: string | undefined): MockMember {
  return findMemberById(memberId) ?? fail('unauthenticated', SIGN_IN_MESSAGES.signInNeeded);
}

/** A new member with DESIGN.md's defaults: active, reminders on at 09:00 New York, +25 points. */
export function addMember(input: Pick<MockMember, 'name' | 'email' | 'zipCode' | 'state'>): MockMember {
  const member: MockMember = {
    id: crypto.randomUUID(),
    name: input.name.trim(),
    email: normalizeEmail(input.email),
    zipCode: input.zipCode.trim(),
    state: input.state,
    joinedAt: mockDb.now().toISOString(),
    isActive: true,
    ...REMINDER_DEFAULTS,
    points: POINTS.joinChallenge,
  };
  mockDb.members.push(member);
  return member;
}

export function currentDay(member: MockMember): number {
  return currentDayOf(member.joinedAt, mockDb.now(), member.timezone);
}

/** The member's own view (GET /api/me); level and points come from the store, not the client. */
export function toDashboardMember(member: MockMember): Member {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    currentDay: currentDay(member),
    emailReminders: member.emailReminders,
    reminderTime: member.reminderTime,
    timezone: member.timezone,
    peacemakerLevel: levelForPoints(member.points),
    levelProgressPoints: member.points,
  };
}

export function toAdminMember(member: MockMember): AdminMember {
  const { id, name, email, state, zipCode, isActive, joinedAt } = member;
  return { id, name, email, state, zipCode, isActive, joinedAt };
}
