/** Reflections: the list, and saving one with its points and achievements (the domain's rules). */
import { api } from '@prr/contract';
import { listReflections, saveReflection } from '@prr/domain';
import { handle } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { signedIn } from '../session.js';
import { mockStore } from '../store.js';

export const reflectionHandlers = [
  handle(api.reflections, ({ memberId }) => listReflections(mockStore, signedIn(memberId))),
  handle(api.saveReflection, ({ memberId, body }) => saveReflection(mockStore, signedIn(memberId), body, mockDb.now())),
];
