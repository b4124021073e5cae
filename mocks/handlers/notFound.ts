import { http } from 'msw';
import { notFound } from '@prr/domain';
import { failureResponse, matchesApiPath } from '../contractHandler.js';

/**
 * Last in the list: every other /api request answers the server's 404 instead of leaking through
 * to the network (or to Vite, which would answer index.html with a 200).
 */
export const notFoundHandler = http.all(matchesApiPath('/api/*'), ({ request }) =>
  failureResponse(notFound(`No API endpoint at ${new URL(request.url).pathname}`)),
);
