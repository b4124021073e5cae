import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { mockDb, requireSignedIn } from '../db.js';

export const rippleEffectHandlers = [
  // Latest week first, like the reflections list.
  handle(api.rippleEffects, ({ memberId }) => {
    const member = requireSignedIn(memberId);
    return mockDb.rippleEffects.filter((r) => r.memberId === member.id).sort((a, b) => b.week - a.week);
  }),
  handle(api.recordRippleEffect, ({ memberId, body }) => {
    const member = requireSignedIn(memberId);
    const effect = { id: crypto.randomUUID(), memberId: member.id, ...body };
    mockDb.rippleEffects.push(effect);
    return effect;
  }),
];
