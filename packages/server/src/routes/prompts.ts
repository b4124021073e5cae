/** The daily reflection prompt: 404 outside the experiment's 90 days. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { promptForDay } from '../domain/prompts.js';
import { notFound } from '../errors.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function promptRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.reflectionPrompt, ({ params }) => {
    const prompt = promptForDay(params.day);
    if (!prompt) throw notFound(`There is no reflection prompt for day ${params.day}`);
    return prompt;
  });
  return router;
}
