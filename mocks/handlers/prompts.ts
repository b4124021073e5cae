import { api } from '@prr/contract';
import { requirePrompt } from '@prr/domain';
import { handle } from '../contractHandler.js';

export const promptHandlers = [handle(api.reflectionPrompt, ({ params }) => requirePrompt(params.day))];
