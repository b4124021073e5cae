/**
 * Invite links (docs/product/rules.md#invites): every member has a code; a visitor who joins
 * through it becomes a member `invitedBy` its owner, who gets +10 once per new member.
 */
import { POINTS, type InviteInfo } from '@prr/contract';
import { sameEmail } from './email.js';
import { newInviteCode, requireMember } from './members.js';
import { withPoints } from './points.js';
import type { DomainReads, DomainWrites } from './ports.js';
import type { StoredMember } from './records.js';

/**
 * The member a join's invite code names, when the join may credit them: a known code that is not
 * the joining address's own. An unknown or empty code is ignored, never refused: the join goes on.
 * Read before the new member is inserted: in a server transaction this read locks the inviter's
 * row, so joins through one code queue here rather than after the insert (whose reference to the
 * inviter shares that row, and two such shares each waiting for the other's lock would deadlock).
 */
export async function inviterOf(
  store: DomainReads,
  code: string | undefined,
  joiningEmail: string,
): Promise<StoredMember | undefined> {
  if (!code) return undefined;
  const inviter = await store.memberByInviteCode(code);
  // Inviting oneself earns nothing. A new member cannot have a code yet, so this only guards the rule.
  if (!inviter || sameEmail(inviter.email, joiningEmail)) return undefined;
  return inviter;
}

/**
 * +10 to the inviter of a member the join just created, in the join's transaction. The points are
 * read again under the row lock the join already holds, so two friends joining at once each add
 * their 10 (no update lost), whichever store runs the rule.
 */
export async function creditInviter(tx: DomainWrites, inviterId: string): Promise<void> {
  const inviter = await tx.memberById(inviterId);
  // Deleted since the code was read (only possible outside a transaction): nobody to credit.
  if (!inviter) return;
  await tx.updateMember(inviter.id, withPoints(inviter, POINTS.inviteFriend));
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
