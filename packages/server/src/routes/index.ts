/** Every resource router; app.ts mounts them in this order. */
import type Router from '@koa/router';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { adminActivityRoutes } from './adminActivity.js';
import { adminMapRoutes } from './adminMap.js';
import { adminParticipantRoutes } from './adminParticipants.js';
import { adminSecondFactorRoutes } from './adminSecondFactor.js';
import { adminSessionRoutes } from './adminSession.js';
import { adminStoryRoutes } from './adminStories.js';
import { emailRoutes } from './email.js';
import { insightRoutes } from './insights.js';
import { mapRoutes } from './map.js';
import { meRoutes } from './me.js';
import { movementRoutes } from './movement.js';
import { productRoutes } from './products.js';
import { promptRoutes } from './prompts.js';
import { signInRoutes } from './signIn.js';
import { testimonialRoutes } from './testimonials.js';

export function apiRouters(deps: AppDeps): Router<AppState>[] {
  return [
    productRoutes(deps),
    testimonialRoutes(deps),
    movementRoutes(deps),
    mapRoutes(deps),
    signInRoutes(deps),
    meRoutes(deps),
    promptRoutes(deps),
    emailRoutes(deps),
    adminSessionRoutes(deps),
    adminSecondFactorRoutes(deps),
    adminParticipantRoutes(deps),
    adminMapRoutes(deps),
    adminStoryRoutes(deps),
    adminActivityRoutes(deps),
    insightRoutes(deps),
  ];
}
