/**
 * Invite links (docs/product/rules.md#invites): every member has a code; a visitor who joins
 * through it becomes a member `invitedBy` its owner, who gets +10 once that friend proves their
 * address (a throwaway join proves nothing), for at most INVITE_CREDITS_PER_DAY friends a UTC day.
 */
import { POINTS, type InviteInfo } from '@prr/contract';
import { newInviteCode } from './inviteCodes.js';
import { requireMember } from './members.js';
import { withPoints } from './points.js';
import type { DomainWrites } from './ports.js';
import type { StoredMember } from './records.js';

/** Friends whose proof pays their inviter, per inviter and UTC day; later ones that day pay nothing. */
export const INVITE_CREDITS_PER_DAY = 10;

/** The UTC calendar day of an instant, YYYY-MM-DD: the cap's day is the same for every member. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The +10 a friend's first proof owes their inviter, in the proof's transaction: 'paid' and +10 to
 * the inviter while they are under today's cap, 'over-cap' otherwise; either way only once. The
 * inviter is read under its row lock, so friends proving at once each count (no update lost).
 * Answers the inviter's id when they were paid (their level may have risen).
 */
export async function creditInviterOnProof(
  tx: DomainWrites,
  friend: StoredMember,
  now: Date,
): Promise<string | undefined> {
  if (friend.inviteCredit !== 'pending') return undefined;
  const inviter = friend.invitedBy === undefined ? undefined : await tx.memberById(friend.invitedBy);
  const day = utcDay(now);
  const paidToday = inviter?.inviteCreditDay === day ? (inviter.inviteCreditsThatDay ?? 0) : 0;
  if (!inviter || paidToday >= INVITE_CREDITS_PER_DAY) {
    await tx.updateMember(friend.id, { inviteCredit: 'over-cap' });
    return undefined;
  }
  await tx.updateMember(inviter.id, {
    ...withPoints(inviter, POINTS.inviteFriend),
    inviteCreditDay: day,
    inviteCreditsThatDay: paidToday + 1,
  });
  await tx.updateMember(friend.id, { inviteCredit: 'paid' });
  return inviter.id;
}

/**
 * The member's invite code and how many joined through it (GET /api/me/invite). Members from
 * before invites have no code: the first ask gives them one and stores it, so the link stays the same.
 */
export async function inviteInfo(tx: DomainWrites, memberId: string): Promise<InviteInfo> {
  const member = await requireMember(tx, memberId);
  let code = member.inviteCode;
  if (code === undefined) {
    code = newInviteCode();
    await tx.updateMember(member.id, { inviteCode: code });
  }
  return { code, friendsJoined: await tx.invitedCount(member.id) };
}
