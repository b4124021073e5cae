import { api } from '@prr/contract';
import { listAchievements } from '@prr/domain';
import { handle } from '../contractHandler.js';
import { signedIn } from '../session.js';
import { mockStore } from '../store.js';

export const achievementHandlers = [
  handle(api.achievements, ({ memberId }) => listAchievements(mockStore, signedIn(memberId))),
];
