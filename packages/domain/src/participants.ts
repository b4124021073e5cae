/** The admin's participants: adding one by hand, correcting, deactivating and deleting one. */
import {
  US_STATES,
  canonicalStateName,
  type AdminMember,
  type ParticipantRequest,
  type ParticipantUpdate,
} from '@prr/contract';
import { conflict, fieldError, notFound } from './errors.js';
import { newMember } from './members.js';
import type { DomainWrites } from './ports.js';
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
    ...(m.emailUndeliverableAt !== undefined && m.emailUndeliverableCode !== undefined
      ? { emailUndeliverable: { since: m.emailUndeliverableAt, smtpCode: m.emailUndeliverableCode } }
      : {}),
  };
}

export const PARTICIPANT_MESSAGES = {
  unknownState: 'Enter a US state name or its two-letter code',
  // The map has the 50 states; D.C. has no shape on it, so an admin's participant there would
  // never be counted (docs/product/rules.md#admin-participants).
  notOnMap: 'Washington, D.C. is not on the map: choose one of the 50 states',
  duplicateEmail: 'A participant with this email already exists',
  notFound: 'No participant with this id',
} as const;

/** The admin's state input (a name or a two-letter code, any case) as one of the map's 50 states. */
export function participantState(input: string): string {
  const state = canonicalStateName(input);
  if (!state) throw fieldError('state', PARTICIPANT_MESSAGES.unknownState);
  if (US_STATES[state] === 'DC') throw fieldError('state', PARTICIPANT_MESSAGES.notOnMap);
  return state;
}

/**
 * A member the admin adds with a state of their choosing. An address a member already has
 * (trimmed, any case) is a 409 that names the e-mail field, so the form can show it there.
 */
export async function addParticipant(tx: DomainWrites, input: ParticipantRequest, now: Date): Promise<AdminMember> {
  const member = newMember({ ...input, state: participantState(input.state) }, now);
  if (!(await tx.insertMember(member))) throw conflict('email', PARTICIPANT_MESSAGES.duplicateEmail);
  return adminMemberView(member);
}

async function existing(tx: DomainWrites, id: string): Promise<StoredMember> {
  const member = await tx.memberById(id);
  if (!member) throw notFound(PARTICIPANT_MESSAGES.notFound);
  return member;
}

/** Corrects a participant's name, state and ZIP code, by the rules of Add Participant. */
export async function updateParticipant(tx: DomainWrites, id: string, input: ParticipantUpdate): Promise<AdminMember> {
  const member = await existing(tx, id);
  const patch = { name: input.name, state: participantState(input.state), zipCode: input.zipCode };
  await tx.updateMember(id, patch);
  return adminMemberView({ ...member, ...patch });
}

/** An inactive member gets no reminders and is not counted by 'Update Map'; their data stays. */
export async function setParticipantStatus(tx: DomainWrites, id: string, isActive: boolean): Promise<AdminMember> {
  const member = await existing(tx, id);
  await tx.updateMember(id, { isActive });
  return adminMemberView({ ...member, isActive });
}

export async function deleteParticipant(tx: DomainWrites, id: string): Promise<{ deleted: true }> {
  if (!(await tx.deleteMember(id))) throw notFound(PARTICIPANT_MESSAGES.notFound);
  return { deleted: true };
}
