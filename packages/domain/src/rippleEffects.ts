/** Weekly ripple-effect records of a member. */
import type { RippleEffect, RippleEffectRequest } from '@prr/contract';
import { requireMember } from './members.js';
import type { DomainReads, DomainWrites } from './ports.js';
import type { StoredRippleEffect } from './records.js';

export function rippleEffectView(r: StoredRippleEffect): RippleEffect {
  return {
    id: r.id,
    memberId: r.memberId,
    week: r.week,
    relationshipImprovements: r.relationshipImprovements,
    positiveInteractions: r.positiveInteractions,
    conflictsAvoided: r.conflictsAvoided,
    othersInspired: r.othersInspired,
    notes: r.notes,
  };
}

/** Newest week first; within a week the latest record first (the store's order). */
export async function listRippleEffects(store: DomainReads, memberId: string): Promise<RippleEffect[]> {
  await requireMember(store, memberId);
  return (await store.rippleEffectsOf(memberId)).map(rippleEffectView);
}

export async function recordRippleEffect(
  tx: DomainWrites,
  memberId: string,
  input: RippleEffectRequest,
  now: Date,
): Promise<RippleEffect> {
  await requireMember(tx, memberId);
  // The session's member last: nothing in the input can name another member.
  const record: StoredRippleEffect = { id: crypto.randomUUID(), ...input, memberId, createdAt: now.toISOString() };
  await tx.insertRippleEffect(record);
  return rippleEffectView(record);
}
