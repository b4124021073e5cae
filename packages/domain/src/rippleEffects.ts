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

/** Newest week first (one record per week; older data may hold several, the latest first). */
export async function listRippleEffects(store: DomainReads, memberId: string): Promise<RippleEffect[]> {
  await requireMember(store, memberId);
  return (await store.rippleEffectsOf(memberId)).map(rippleEffectView);
}

/**
 * One record per member and week: recording a week that has one replaces its values and keeps its
 * id (and createdAt), so the answer names the record the list shows.
 */
export async function recordRippleEffect(
  tx: DomainWrites,
  memberId: string,
  input: RippleEffectRequest,
  now: Date,
): Promise<RippleEffect> {
  await requireMember(tx, memberId);
  // At most 13 records: the latest of the week, should data from before this rule hold several.
  const previous = (await tx.rippleEffectsOf(memberId)).find((r) => r.week === input.week);
  // The session's member last: nothing in the input can name another member.
  const record: StoredRippleEffect = {
    id: previous?.id ?? crypto.randomUUID(),
    ...input,
    memberId,
    createdAt: previous?.createdAt ?? now.toISOString(),
  };
  await tx.upsertRippleEffect(record);
  return rippleEffectView(record);
}
