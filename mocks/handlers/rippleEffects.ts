import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { mockDb, requireMember } from '../db.js';

export const rippleEffectHandlers = [
  // Latest week first, like the reflections list.
  handle(api.rippleEffects, ({ params }) => {
    const member = requireMember(params.memberId);
    return mockDb.rippleEffects.filter((r) => r.memberId === member.id).sort((a, b) => b.week - a.week);
  }),
  handle(api.recordRippleEffect, ({ body }) => {
    requireMember(body.memberId);
    const effect = { id: crypto.randomUUID(), ...body };
    mockDb.rippleEffects.push(effect);
    return effect;
  }),
];
