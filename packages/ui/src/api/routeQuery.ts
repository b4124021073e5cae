/**
 * The one way screens read and write the API: query options and mutations built from the
 * contract's route table, so keys, retries and parsing are never written per endpoint.
 */
import {
  apiClient,
  HttpError,
  queryKeyFor,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
} from '@prr/contract';
import { queryOptions, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';

type PathParams = Record<string, string | number>;
type SearchQuery = Record<string, string | number | undefined>;

/**
 * Query options for a GET route. `params` undefined while its key value is unknown, which
 * disables the query (docs/product/api.md#conventions: reads fire only when their key exists).
 */
export function routeQuery<R extends RouteDef<'GET'>>(
  route: R,
  params?: ParamsOf<R> & PathParams,
  query?: QueryOf<R> & SearchQuery,
) {
  const needsParams = route.path.includes(':');
  const enabled = !needsParams || params !== undefined;
  return queryOptions<ResponseOf<R>>({
    queryKey: enabled ? queryKeyFor(route, params, query) : [route.path, 'disabled'],
    queryFn: ({ signal }) =>
      apiClient.call(route as RouteDef, { params, query, signal } as never) as Promise<ResponseOf<R>>,
    enabled,
    retry: retryFor(route),
  });
}

/**
 * Query options for a GET route called with `on401: 'returnNull'` (the contract's `tolerate401`,
 * docs/decisions/005): a 401 is an answer, null, not an error. GET /api/me: null is "not signed in".
 */
export function tolerant401Query<R extends RouteDef<'GET', undefined>>(route: R) {
  return queryOptions<ResponseOf<R> | null>({
    queryKey: queryKeyFor(route),
    queryFn: ({ signal }) => callTolerating401(route, signal),
    retry: retryFor(route),
  });
}

/** A GET route's answer, or null for its 401 (tolerant401Query's request). */
export function callTolerating401<R extends RouteDef<'GET', undefined>>(
  route: R,
  signal?: AbortSignal,
): Promise<ResponseOf<R> | null> {
  return apiClient.call(route as RouteDef, { signal, on401: 'returnNull' } as never) as Promise<ResponseOf<R> | null>;
}

/**
 * A route's retries (docs/product/api.md#admin: the admin reads retry once) are for failures that may
 * pass; a 4xx answer will not, and retrying an expired session's 401 only delays the redirect.
 */
function retryFor(route: RouteDef) {
  const times = route.retry ?? 0;
  return (failureCount: number, error: Error) =>
    failureCount < times && !(error instanceof HttpError && error.status < 500);
}

export interface RouteMutationOptions<R extends RouteDef> extends Omit<
  UseMutationOptions<ResponseOf<R>, Error, RouteMutationVariables<R>>,
  'mutationFn'
> {
  /** Routes whose cached reads are refreshed on success (every cached read of each route). */
  invalidates?: readonly Pick<RouteDef, 'path'>[];
}

export type RouteMutationVariables<R extends RouteDef> = (ParamsOf<R> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> });

/**
 * Whether a cached read's key is one of the route's: its path exactly, or for a path with
 * parameters any filled-in path with the same static start. Exactly, not by prefix, for a path
 * without parameters: '/api/me' must not also refresh '/api/me/reflections'.
 */
export function isReadOf(route: Pick<RouteDef, 'path'>, queryKey: readonly unknown[]): boolean {
  const [key] = queryKey;
  if (typeof key !== 'string') return false;
  const index = route.path.indexOf(':');
  return index === -1 ? key === route.path : key.startsWith(route.path.slice(0, index));
}

export function useRouteMutation<R extends RouteDef>(route: R, options: RouteMutationOptions<R> = {}) {
  const queryClient = useQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<ResponseOf<R>, Error, RouteMutationVariables<R>>({
    ...rest,
    // Read by useSignedOutOn401 (memberSession.ts): a 401 on a member route ends the member's session.
    meta: { ...rest.meta, auth: route.auth },
    mutationFn: (variables) => apiClient.call(route as RouteDef, variables as never) as Promise<ResponseOf<R>>,
    onSuccess: async (...args) => {
      await Promise.all(
        invalidates.map((target) =>
          queryClient.invalidateQueries({ predicate: (query) => isReadOf(target, query.queryKey) }),
        ),
      );
      await onSuccess?.(...args);
    },
  });
}
