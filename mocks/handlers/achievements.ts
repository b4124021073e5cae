import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { mockDb, requireMember } from '../db.js';

export const achievementHandlers = [
  handle(api.achievements, ({ params }) => {
    const member = requireMember(params.memberId);
    return mockDb.achievements.filter((a) => a.memberId === member.id).sort((a, b) => a.dayEarned - b.dayEarned);
  }),
];
