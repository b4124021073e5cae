import { api } from '@prr/contract';
import { mapStates } from '@prr/domain';
import { handle } from '../contractHandler.js';
import { mockStore } from '../store.js';

export const mapHandlers = [handle(api.mapStates, () => mapStates(mockStore))];
