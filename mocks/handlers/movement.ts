/** Joining the movement and the goal/total figures. */
import { api } from '@prr/contract';
import { joinMovement, movementStats } from '@prr/domain';
import { handle, reply } from '../contractHandler.js';
import { stableInviteCode } from '../lib/stableUuid.js';
import { mockDb } from '../db.js';
import { startMemberSession } from '../session.js';
import { mockStore } from '../store.js';

export const movementHandlers = [
  // Idempotent by e-mail, and the same body either way. A new member is signed in in this browser
  // (the welcome screen's link opens their dashboard); an existing address signs nobody in.
  handle(api.joinMovement, async ({ body }) => {
    const { member, created } = await joinMovement(mockStore, body, mockDb.now());
    if (!created) return { joined: true as const };
    // A stable code instead of newMember's random one: the invite link shows in story pictures.
    await mockStore.updateMember(member.id, { inviteCode: stableInviteCode(member.email) });
    return reply({ joined: true as const }, { headers: { 'Set-Cookie': startMemberSession(member.id) } });
  }),
  handle(api.movementStats, () => movementStats(mockStore)),
];
