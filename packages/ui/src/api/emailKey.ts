/**
 * An e-mail's key and the member's sessions (docs/decisions/025-e-mail-key-flow.md): the page
 * asks whose key it is before anything is used, and 'Sign out everywhere' ends every session and
 * every key of the member.
 */
import { api, apiClient, type SignInLinkInfo } from '@prr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { signedOutInThisBrowser } from './hooks';
import { isUnauthenticated } from './memberSession';
import { useRouteMutation, type RouteMutationOptions } from './routeQuery';

/**
 * Whose key this is, and whether this browser is already signed in as them. A POST that uses
 * nothing up, read like a query: asked once per key, never refreshed on its own, and dropped from
 * the cache as soon as nothing shows it (the key lives in memory only while it is needed).
 */
export function useCheckSignInLink(token: string) {
  return useQuery<SignInLinkInfo>({
    queryKey: [api.checkSignInLink.path, token],
    queryFn: ({ signal }) => apiClient.call(api.checkSignInLink, { body: { token }, signal }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * Ends every session and e-mail key of the member, this browser's too: afterwards this browser
 * forgets them as after a sign-out. A 401 means the server had already ended this session, which
 * is as good here.
 */
export function useSignOutEverywhere(options: RouteMutationOptions<typeof api.signOutEverywhere> = {}) {
  const queryClient = useQueryClient();
  const signedOut = () => signedOutInThisBrowser(queryClient);
  return useRouteMutation(api.signOutEverywhere, {
    ...options,
    onSuccess: async (...args) => {
      signedOut();
      await options.onSuccess?.(...args);
    },
    onError: async (...args) => {
      if (isUnauthenticated(args[0])) signedOut();
      await options.onError?.(...args);
    },
  });
}
