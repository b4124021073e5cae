/** Joining the movement and the goal/total figures (DESIGN.md Product decisions). */
import { DEFAULT_MOVEMENT_GOAL, api, totalPeacemakers } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { addMember, findMemberByEmail, mockDb } from '../db.js';
import { stateForZip } from '../lib/zipState.js';

export const movementHandlers = [
  // Idempotent by e-mail, and the same answer either way so the endpoint does not reveal who joined.
  handle(api.joinMovement, ({ body }) => {
    if (!findMemberByEmail(body.email)) {
      addMember({ name: body.name, email: body.email, zipCode: body.zipCode, state: stateForZip(body.zipCode) });
    }
    return { joined: true as const };
  }),
  handle(api.movementStats, () => ({ goal: DEFAULT_MOVEMENT_GOAL, total: totalPeacemakers(mockDb.states) })),
];
