import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { mockDb, requireSignedIn } from '../db.js';

export const achievementHandlers = [
  handle(api.achievements, ({ memberId }) => {
    const member = requireSignedIn(memberId);
    return mockDb.achievements.filter((a) => a.memberId === member.id).sort((a, b) => a.dayEarned - b.dayEarned);
  }),
];
