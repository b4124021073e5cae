/**
 * The mocks' in-memory store. Created from the fixtures, mutated by the handlers (joining, saving a
 * reflection, adding a participant...) and put back with `resetMockDb()` between tests and stories,
 * so every test starts from the same data.
 */
import {
  POINTS,
  REMINDER_DEFAULTS,
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
}

export interface ResetOptions {
  /** A fixed instant, or a function for a moving clock (e.g. `() => new Date()` in dev:mock). */
  now?: Date | (() => Date);
}

type MockData = Omit<MockDb, 'now'>;

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
  });
}

function clockFrom(now: ResetOptions['now']): () => Date {
  if (now === undefined) return () => fixtures.FIXTURE_NOW;
  return typeof now === 'function' ? now : () => now;
}

export const mockDb: MockDb = { ...freshData(), now: clockFrom(undefined) };

/** Puts the store back to the fixtures (and the clock back to FIXTURE_NOW unless given). */
export function resetMockDb(options: ResetOptions = {}): void {
  Object.assign(mockDb, freshData(), { now: clockFrom(options.now) });
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

/** The member or a 404, for every member-scoped route. */
export function requireMember(id: string): MockMember {
  return mockDb.members.find((m) => m.id === id) ?? fail('not_found', 'Member not found');
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

/** The dashboard's view of a member; level and points come from the store, not the client. */
export function toDashboardMember(member: MockMember): Member {
  return {
    id: member.id,
    name: member.name,
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
