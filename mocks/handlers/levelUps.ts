/** The dashboard acknowledges a level-up it celebrated (the same rule as the server: @prr/domain levelUps.ts). */
import { api } from '@prr/contract';
import { markLevelUpSeen } from '@prr/domain';
import { handle } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { signedIn } from '../session.js';
import { mockStore } from '../store.js';

export const levelUpHandlers = [
  handle(api.levelUpSeen, ({ memberId, body }) =>
    markLevelUpSeen(mockStore, signedIn(memberId), body.level, mockDb.now()),
  ),
];
