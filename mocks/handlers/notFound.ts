import { http } from 'msw';
import { failureResponse, matchesApiPath } from '../contractHandler.js';
import { ApiFailure } from '../errors.js';

/**
 * Last in the list: every other /api request answers the server's 404 shape instead of leaking
 * through to the network (or to Vite, which would answer index.html with a 200).
 */
export const notFoundHandler = http.all(matchesApiPath('/api/*'), () =>
  failureResponse(new ApiFailure('not_found', 'There is no such API route')),
);
