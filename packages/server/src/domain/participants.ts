/** The admin's view of members and adding a participant by hand. */
import { canonicalStateName, type AdminMember, type ParticipantRequest } from '@prr/contract';
import { AppError, fieldError } from '../errors.js';
import type { Repo } from '../store/repo.js';
import type { StoredMember } from '../store/schema.js';
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

/** Newest first; members who joined in the same millisecond keep "last added first". */
export function adminMembers(repo: Repo): AdminMember[] {
  return [...repo.data.members]
    .reverse()
    .sort((a, b) => b.joinedAt.localeCompare(a.joinedAt))
    .map(adminMemberView);
}

export function addParticipant(repo: Repo, input: ParticipantRequest, now: Date): AdminMember {
  const state = canonicalStateName(input.state);
  if (!state) throw fieldError('state', 'Enter a US state name or its two-letter code');
  if (repo.memberByEmail(input.email)) {
    throw new AppError('conflict', 'A participant with this email already exists', {
      fields: { email: ['A participant with this email already exists'] },
    });
  }
  const member = newMember({ ...input, state }, now);
  repo.addMember(member);
  return adminMemberView(member);
}
