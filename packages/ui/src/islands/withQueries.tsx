/**
 * The root of an island that reads the API (products, reviews, the join form, the map's figures and
 * the map): its component inside a QueryClientProvider of its own, made on its first render as
 * React Query advises. Not one client for the page: an island that hydrates after another has read
 * the same data would find it cached and draw it at once, where the build drew the loading state, and
 * hydration would fail. Only these islands load TanStack Query; in the client app, Storybook and
 * tests the component is rendered without this root, under the providers already there.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactElement } from 'react';
import { createQueryClient } from '../providers/queryClient';

export function withQueries<P extends object>(Component: ComponentType<P>): (props: P) => ReactElement {
  function IslandWithQueries(props: P) {
    const [client] = useState(createQueryClient);
    return (
      <QueryClientProvider client={client}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  IslandWithQueries.displayName = `withQueries(${Component.displayName ?? Component.name})`;
  return IslandWithQueries;
}
