/**
 * Invite codes (docs/product/rules.md#invites): a new one for a member, and the member a join's
 * code names. Below both members.ts (a join records its inviter) and invites.ts (the credit and
 * the member's invite link), so neither imports the other.
 */
import { sameEmail } from './email.js';
import type { DomainReads } from './ports.js';
import type { StoredMember } from './records.js';

/** A member's invite code: 12 random URL-safe characters (72 bits), unguessable and short enough to share. */
export function newInviteCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_');
}

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
