import { api } from '@prr/contract';
import { listRippleEffects, recordRippleEffect } from '@prr/domain';
import { handle } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { signedIn } from '../session.js';
import { mockStore } from '../store.js';

export const rippleEffectHandlers = [
  handle(api.rippleEffects, ({ memberId }) => listRippleEffects(mockStore, signedIn(memberId))),
  handle(api.recordRippleEffect, ({ memberId, body }) =>
    recordRippleEffect(mockStore, signedIn(memberId), body, mockDb.now()),
  ),
];
