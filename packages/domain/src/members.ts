/** Members: joining, lookup, the day of the experiment and what the member's dashboard may see. */
import {
  EXPERIMENT_DAYS,
  POINTS,
  REMINDER_DEFAULTS,
  type JoinRequest,
  type Member,
  type TimezoneId,
} from '@prr/contract';
import { calendarDate, daysBetween } from './calendar.js';
import { storedEmail } from './email.js';
import { notFound } from './errors.js';
import { inviterOf, newInviteCode } from './inviteCodes.js';
import { pendingLevelUp, standing, withPoints } from './points.js';
import type { DomainReads, DomainWrites } from './ports.js';
import type { StoredMember } from './records.js';
import { stateFromZip } from './zipState.js';

/** Whole calendar days since joining, in the member's time zone, plus 1; at least 1, not capped. */
export function experimentDay(member: Pick<StoredMember, 'joinedAt' | 'timezone'>, now: Date): number {
  const joined = calendarDate(new Date(member.joinedAt), member.timezone);
  const today = calendarDate(now, member.timezone);
  return Math.max(1, daysBetween(joined, today) + 1);
}

/** The day of the experiment the dashboard works on: experimentDay within 1..90. */
export function currentDay(member: Pick<StoredMember, 'joinedAt' | 'timezone'>, now: Date): number {
  return Math.min(EXPERIMENT_DAYS, experimentDay(member, now));
}

/** From day 91 in the member's time zone the 90 days are over. */
export function experimentComplete(member: Pick<StoredMember, 'joinedAt' | 'timezone'>, now: Date): boolean {
  return experimentDay(member, now) > EXPERIMENT_DAYS;
}

export interface NewMemberInput {
  name: string;
  email: string;
  zipCode: string;
  state: string;
  /** The browser's zone when it was one of TIMEZONES; New York otherwise. */
  timezone?: TimezoneId;
  /** The member whose invite link brought them. */
  invitedBy?: string;
}

/**
 * A member with the join's defaults: active, reminders on, +25 points for joining the challenge.
 * The level the join gives is already seen: the first celebration is for a level earned after.
 */
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
    timezone: input.timezone ?? REMINDER_DEFAULTS.timezone,
    ...joinStanding,
    levelSeen: joinStanding.level,
    inviteCode: newInviteCode(),
    // The inviter's +10 waits for this member's first proof (invites.ts, creditInviterOnProof).
    ...(input.invitedBy === undefined ? {} : { invitedBy: input.invitedBy, inviteCredit: 'pending' as const }),
  };
}

const joinStanding = withPoints({ points: 0 }, POINTS.joinChallenge);

export interface JoinResult {
  member: StoredMember;
  /** False when the e-mail was already a member's: nothing changed. */
  created: boolean;
}

/**
 * Idempotent: a known e-mail (trimmed, any case) answers the existing member unchanged; a new
 * member's state comes from the ZIP code and their time zone from the browser (New York when it
 * sent none). Joining through an invite code makes the new member its owner's friend, whose +10
 * waits for the friend's first proof of their address (invites.ts). Two joins of one new address racing on two servers: the store's unique
 * e-mail lets one in, and the other reads the winner.
 */
export async function joinMovement(tx: DomainWrites, input: JoinRequest, now: Date): Promise<JoinResult> {
  const existing = await tx.memberByEmail(input.email);
  if (existing) return { member: existing, created: false };
  const inviter = await inviterOf(tx, input.invite, input.email);
  const member = newMember(
    {
      name: input.name,
      email: input.email,
      zipCode: input.zipCode,
      state: stateFromZip(input.zipCode),
      timezone: input.timezone,
      invitedBy: inviter?.id,
    },
    now,
  );
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
    completed: experimentComplete(member, now),
    levelUp: pendingLevelUp(member),
    afterExperiment: member.afterExperiment ?? null,
  };
}

/** The first word of a member's name, for "Continue as Grace?"; 'friend' when there is none. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || 'friend';
}
