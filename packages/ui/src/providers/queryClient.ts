import { queryClientDefaults } from '@prr/contract';
import { QueryClient } from '@tanstack/react-query';

/** A fresh client with the API's cache rules (docs/product/api.md#conventions); one per app, story and test (never shared). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryClientDefaults });
}
