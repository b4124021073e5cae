/** Members: joining, lookup, the day of the experiment and what the member's dashboard may see. */
import { EXPERIMENT_DAYS, POINTS, REMINDER_DEFAULTS, type JoinRequest, type Member } from '@prr/contract';
import { calendarDate, daysBetween } from './calendar.js';
import { storedEmail } from './email.js';
import { notFound } from './errors.js';
import { standing, withPoints } from './points.js';
import type { DomainReads, DomainWrites } from './ports.js';
import type { StoredMember } from './records.js';
import { stateFromZip } from './zipState.js';

/** Whole calendar days since joining, in the member's time zone, plus 1; within 1..90. */
export function currentDay(member: Pick<StoredMember, 'joinedAt' | 'timezone'>, now: Date): number {
  const joined = calendarDate(new Date(member.joinedAt), member.timezone);
  const today = calendarDate(now, member.timezone);
  return Math.min(EXPERIMENT_DAYS, Math.max(1, daysBetween(joined, today) + 1));
}

export interface NewMemberInput {
  name: string;
  email: string;
  zipCode: string;
  state: string;
}

/** A member with the join's defaults: active, reminders on, +25 points for joining the challenge. */
export function newMember(input: NewMemberInput, now: Date): StoredMember {
  return {
    id: crypto.randomUUID(),
    name: input.name.trim(),
    email: storedEmail(input.email),
    zipCode: input.zipCode.trim(),
    state: input.state,
    joinedAt: now.toISOString(),
    isActive: true,
    emailReminders: REMINDER_DEFAULTS.emailReminders,
    // Proved by the first sign-in through a code or an e-mailed link.
    emailConfirmed: false,
    reminderTime: REMINDER_DEFAULTS.reminderTime,
    timezone: REMINDER_DEFAULTS.timezone,
    ...withPoints({ points: 0 }, POINTS.joinChallenge),
  };
}

export interface JoinResult {
  member: StoredMember;
  /** False when the e-mail was already a member's: nothing changed. */
  created: boolean;
}

/**
 * Idempotent: a known e-mail (trimmed, any case) answers the existing member unchanged; a new
 * member's state comes from the ZIP code. Two joins of one new address racing on two servers:
 * the store's unique e-mail lets one in, and the other reads the winner.
 */
export async function joinMovement(tx: DomainWrites, input: JoinRequest, now: Date): Promise<JoinResult> {
  const existing = await tx.memberByEmail(input.email);
  if (existing) return { member: existing, created: false };
  const member = newMember({ ...input, state: stateFromZip(input.zipCode) }, now);
  if (await tx.insertMember(member)) return { member, created: true };
  const winner = await tx.memberByEmail(input.email);
  if (!winner) throw new Error('insertMember refused a member whose e-mail no member has');
  return { member: winner, created: false };
}

export async function requireMember(store: DomainReads, memberId: string): Promise<StoredMember> {
  const member = await store.memberById(memberId);
  if (!member) throw notFound('Member not found');
  return member;
}

/** The signed-in member's own view: answered only to their session (GET /api/me). */
export function memberView(member: StoredMember, now: Date): Member {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    currentDay: currentDay(member, now),
    emailReminders: member.emailReminders,
    reminderTime: member.reminderTime,
    timezone: member.timezone,
    ...standing(member),
  };
}
