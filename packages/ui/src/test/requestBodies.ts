/**
 * For stories and tests: the JSON bodies of one route's requests, recorded on their way to the
 * handler that answers them. Made once per file; `start()` empties it and gives the MSW handler to
 * put in front (`msw.use(joins.start())` in a story's beforeEach); the play function reads `bodies`.
 */
import type { RouteDef } from '@prr/contract';
import { onRoute } from '@prr/mocks';
import type { HttpHandler } from 'msw';

export class RequestBodies {
  bodies: unknown[] = [];
  readonly #route: Pick<RouteDef, 'method' | 'path'>;

  constructor(route: Pick<RouteDef, 'method' | 'path'>) {
    this.#route = route;
  }

  start(): HttpHandler {
    this.bodies = [];
    // Answers nothing, so the next handler answers the request.
    return onRoute(this.#route, async ({ request }) => {
      this.bodies.push(await request.clone().json());
    });
  }
}
