/** Weekly ripple-effect records of a member. */
import { randomUUID } from 'node:crypto';
import type { RippleEffect, RippleEffectRequest } from '@prr/contract';
import type { Repo } from '../store/repo.js';
import type { StoredRippleEffect } from '../store/schema.js';
import { requireMember } from './members.js';

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

/** Newest week first; within a week the latest record first. */
export function listRippleEffects(repo: Repo, memberId: string): RippleEffect[] {
  requireMember(repo, memberId);
  return [...repo.rippleEffectsOf(memberId)]
    .sort((a, b) => b.week - a.week || b.createdAt.localeCompare(a.createdAt))
    .map(rippleEffectView);
}

export function recordRippleEffect(repo: Repo, input: RippleEffectRequest, now: Date): RippleEffect {
  requireMember(repo, input.memberId);
  const record: StoredRippleEffect = { id: randomUUID(), ...input, createdAt: now.toISOString() };
  repo.addRippleEffect(record);
  return rippleEffectView(record);
}
