/** Joining the movement and the goal/total figures (DESIGN.md Product decisions). */
import { DEFAULT_MOVEMENT_GOAL, api, totalPeacemakers } from '@prr/contract';
import { handle, reply } from '../contractHandler.js';
import { addMember, findMemberByEmail, mockDb } from '../db.js';
import { stateForZip } from '../lib/zipState.js';
import { startMemberSession } from '../session.js';

export const movementHandlers = [
  // Idempotent by e-mail, and the same body either way. A new member is signed in in this browser
  // (the welcome screen's link opens their dashboard); an existing address signs nobody in.
  handle(api.joinMovement, ({ body }) => {
    if (findMemberByEmail(body.email)) return { joined: true as const };
    const member = addMember({ name: body.name, email: body.email, zipCode: body.zipCode, state: stateForZip(body.zipCode) });
    return reply({ joined: true as const }, { headers: { 'Set-Cookie': startMemberSession(member.id) } });
  }),
  handle(api.movementStats, () => ({ goal: DEFAULT_MOVEMENT_GOAL, total: totalPeacemakers(mockDb.states) })),
];
