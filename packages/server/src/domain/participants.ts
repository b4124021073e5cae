/** The admin's view of members and adding a participant by hand. */
import { canonicalStateName, type AdminMember, type ParticipantRequest } from '@prr/contract';
import { AppError, fieldError } from '../errors.js';
import type { StoredMember } from '../store/schema.js';
import type { StoreReads, StoreWrites } from '../store/types.js';
import { newMember } from './members.js';

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

/** Newest first; members who joined in the same millisecond keep "last added first" (the store's order). */
export async function adminMembers(store: StoreReads): Promise<AdminMember[]> {
  return (await store.membersNewestFirst()).map(adminMemberView);
}

export async function addParticipant(tx: StoreWrites, input: ParticipantRequest, now: Date): Promise<AdminMember> {
  const state = canonicalStateName(input.state);
  if (!state) throw fieldError('state', 'Enter a US state name or its two-letter code');
  const member = newMember({ ...input, state }, now);
  if (!(await tx.insertMember(member))) {
    throw new AppError('conflict', 'A participant with this email already exists', {
      fields: { email: ['A participant with this email already exists'] },
    });
  }
  return adminMemberView(member);
}
