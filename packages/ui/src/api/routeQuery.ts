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
  type ResponseOf,
  type RouteDef,
} from '@prr/contract';
import { queryOptions, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';

type PathParams = Record<string, string | number>;

/**
 * Query options for a GET route. `params` undefined while its key value is unknown, which
 * disables the query (SPEC.md section 7: dashboard reads fire only when their key exists).
 */
export function routeQuery<R extends RouteDef<'GET'>>(route: R, params?: ParamsOf<R> & PathParams) {
  const needsParams = route.path.includes(':');
  const enabled = !needsParams || params !== undefined;
  return queryOptions<ResponseOf<R>>({
    queryKey: enabled ? queryKeyFor(route, params) : [route.path, 'disabled'],
    queryFn: ({ signal }) =>
      apiClient.call(route as RouteDef, { params, signal } as never) as Promise<ResponseOf<R>>,
    enabled,
    retry: retryFor(route),
  });
}

/**
 * A route's retries (SPEC.md section 7: the admin reads retry once) are for failures that may
 * pass; a 4xx answer will not, and retrying an expired session's 401 only delays the redirect.
 */
function retryFor(route: RouteDef) {
  const times = route.retry ?? 0;
  return (failureCount: number, error: Error) =>
    failureCount < times && !(error instanceof HttpError && error.status < 500);
}

export interface RouteMutationOptions<R extends RouteDef>
  extends Omit<UseMutationOptions<ResponseOf<R>, Error, RouteMutationVariables<R>>, 'mutationFn'> {
  /** Routes whose cached reads are refreshed on success (by their path prefix). */
  invalidates?: readonly Pick<RouteDef, 'path'>[];
}

export type RouteMutationVariables<R extends RouteDef> = (ParamsOf<R> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> });

/** The static part of a path, used to invalidate every cached read of one route. */
function pathPrefix(path: string): string {
  const index = path.indexOf(':');
  return index === -1 ? path : path.slice(0, index);
}

export function useRouteMutation<R extends RouteDef>(route: R, options: RouteMutationOptions<R> = {}) {
  const queryClient = useQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<ResponseOf<R>, Error, RouteMutationVariables<R>>({
    ...rest,
    mutationFn: (variables) => apiClient.call(route as RouteDef, variables as never) as Promise<ResponseOf<R>>,
    onSuccess: async (...args) => {
      await Promise.all(
        invalidates.map((target) => {
          const prefix = pathPrefix(target.path);
          return queryClient.invalidateQueries({
            predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(prefix),
          });
        }),
      );
      await onSuccess?.(...args);
    },
  });
}
