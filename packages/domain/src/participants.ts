/** The admin's view of members and adding a participant by hand. */
import { canonicalStateName, type AdminMember, type ParticipantRequest } from '@prr/contract';
import { conflict, fieldError } from './errors.js';
import { newMember } from './members.js';
import type { DomainReads, DomainWrites } from './ports.js';
import type { StoredMember } from './records.js';

export function adminMemberView(m: StoredMember): AdminMember {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    state: m.state,
    zipCode: m.zipCode,
    isActive: m.isActive,
    joinedAt: m.joinedAt,
  };
}

/** Newest first; members who joined in the same millisecond: the last added first (the store's order). */
export async function adminMembers(store: DomainReads): Promise<AdminMember[]> {
  return (await store.membersNewestFirst()).map(adminMemberView);
}

/**
 * A member the admin adds with a state of their choosing (a name or a two-letter code, any case).
 * An address a member already has (trimmed, any case) is a 409 that names the e-mail field, so the
 * form can show it there.
 */
export async function addParticipant(tx: DomainWrites, input: ParticipantRequest, now: Date): Promise<AdminMember> {
  const state = canonicalStateName(input.state);
  if (!state) throw fieldError('state', 'Enter a US state name or its two-letter code');
  const member = newMember({ ...input, state }, now);
  if (!(await tx.insertMember(member))) throw conflict('email', 'A participant with this email already exists');
  return adminMemberView(member);
}
