import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { fail } from '../errors.js';
import { promptForDay } from '../fixtures/index.js';

export const promptHandlers = [
  handle(api.reflectionPrompt, ({ params }) => promptForDay(params.day) ?? fail('not_found', 'No reflection prompt for that day')),
];
