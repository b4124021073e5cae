/**
 * A member proves their address by signing in through something only its owner receives: a code,
 * an e-mail key, the welcome e-mail's Confirm (docs/product/rules.md#sign-in). The first proof is
 * an event of its own: the daily reminders may start, the inviter is paid
 * (docs/product/rules.md#invites), and the caller ends every other session of the member
 * (docs/decisions/025-e-mail-key-flow.md), since a session from before it may be a stranger's
 * who joined with this address.
 */
import { creditInviterOnProof } from './invites.js';
import { requireMember } from './members.js';
import type { DomainWrites } from './ports.js';
import type { StoredMember } from './records.js';
import { UNDELIVERABLE_CLEARED, isUndeliverable, withoutUndeliverable } from './undeliverable.js';

export interface Proof {
  member: StoredMember;
  /** True when this proof turned emailConfirmed from false to true. */
  firstProof: boolean;
  /** The inviter this first proof paid +10, if any: their level may have risen. */
  creditedInviterId?: string;
}

/**
 * Records a proof of the member's address, in one transaction (the member's row is read locked).
 * A proof also takes away an undeliverable mark (undeliverable.ts): the address works again.
 */
export async function proveAddress(tx: DomainWrites, memberId: string, now: Date): Promise<Proof> {
  const member = await requireMember(tx, memberId);
  const cleared = isUndeliverable(member) ? UNDELIVERABLE_CLEARED : {};
  if (member.emailConfirmed) {
    if (!isUndeliverable(member)) return { member, firstProof: false };
    await tx.updateMember(member.id, cleared);
    return { member: withoutUndeliverable(member), firstProof: false };
  }
  await tx.updateMember(member.id, { emailConfirmed: true, ...cleared });
  const proved = { ...withoutUndeliverable(member), emailConfirmed: true };
  const creditedInviterId = await creditInviterOnProof(tx, proved, now);
  const after = (await tx.memberById(member.id)) ?? proved;
  return { member: after, firstProof: true, ...(creditedInviterId ? { creditedInviterId } : {}) };
}
