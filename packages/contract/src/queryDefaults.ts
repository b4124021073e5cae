/**
 * Kept apart from the client so the app's entry chunk can set up React Query without pulling in
 * the schemas (and zod) that only the pages' calls need.
 */

/**
 * React Query defaults (docs/product/api.md#conventions): no refetch interval, no refetch on focus,
 * data never stale, no retries unless a call says so. Plain data so the contract needs no React.
 */
export const queryClientDefaults = {
  queries: {
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} as const;
