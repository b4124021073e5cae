import { AppProviders } from '@prr/ui';
import type { ReactNode } from 'react';

/**
 * The site as the browser hydrates it and the build prerenders it: the same providers around
 * whichever router each side uses (RouterProvider in the browser, StaticRouterProvider at build
 * time), so both render the same tree.
 */
export function App({ router }: { router: ReactNode }) {
  return <AppProviders>{router}</AppProviders>;
}
