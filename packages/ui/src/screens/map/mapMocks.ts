/**
 * MSW overrides for the map's shapes file (not an /api route, so the shared mocks do not know it):
 * stories and tests use them to show the map while its shapes load or after they failed.
 */
import { delay, http, HttpResponse } from 'msw';
import { topologyUrl } from './mapAssets';

export const shapesHandlers = {
  /**
   * Answers with the given topology. jsdom tests need it (no dev server there); they import
   * us-atlas's JSON themselves so the stories' bundle never carries it.
   */
  served: (topology: unknown) =>
    http.get(
      topologyUrl,
      () => new HttpResponse(JSON.stringify(topology), { headers: { 'Content-Type': 'application/json' } }),
    ),
  /** The shapes file never arrives. */
  loading: http.get(topologyUrl, async () => {
    await delay('infinite');
  }),
  /** The shapes file is missing: only logged (docs/product/screens.md#movement-map). */
  failing: http.get(topologyUrl, () => new HttpResponse('Not Found', { status: 404 })),
};
