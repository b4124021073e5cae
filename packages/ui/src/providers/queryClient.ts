import { queryClientDefaults } from '@prr/contract';
import { QueryClient } from '@tanstack/react-query';

/** A fresh client with SPEC.md's cache rules; one per app, story and test (never shared). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryClientDefaults });
}
