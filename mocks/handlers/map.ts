import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { mockDb } from '../db.js';

export const mapHandlers = [handle(api.mapStates, () => mockDb.states)];
