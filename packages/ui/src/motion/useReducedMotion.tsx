/**
 * Whether the visitor asked for reduced motion, kept in sync with the OS setting. Written here
 * (not framer-motion's hook) so carousels and scrolling can ask without loading framer-motion.
 * `ReducedMotionPreference` can force the answer for a subtree, e.g. a story or test that shows
 * the still version of an animated component.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : undefined;
}

export function prefersReducedMotion(): boolean {
  return mediaQuery()?.matches ?? false;
}

function subscribe(onChange: () => void) {
  const list = mediaQuery();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const ForcedPreference = createContext<boolean | undefined>(undefined);

export function ReducedMotionPreference({ reduce, children }: { reduce: boolean; children: ReactNode }) {
  return <ForcedPreference.Provider value={reduce}>{children}</ForcedPreference.Provider>;
}

export function useReducedMotion(): boolean {
  const forced = useContext(ForcedPreference);
  const fromSystem = useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
  return forced ?? fromSystem;
}
