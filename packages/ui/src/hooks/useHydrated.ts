/**
 * False while React hydrates markup made at build time (and in that build), true in every render
 * after: React renders with the server snapshot while hydrating, then again with the client's.
 * For what only the plain HTML needs, such as a menu that works with no script (NoScriptMenu), so
 * hydration still finds exactly the HTML the build wrote.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
