/**
 * Back and Forward put the page back where the visitor left it, instantly, as a browser does; a new
 * page still glides to the top (docs/product/screens.md#routes). react-router's ScrollRestoration
 * saves and restores the positions, but it scrolls with `window.scrollTo(0, y)`, which follows the
 * root's CSS scroll-behavior (smooth, from GlobalStyle): a restore would glide too. So the root's
 * scroll-behavior is set just before its layout effect runs and cleared just after: React runs the
 * layout effects of siblings in order, in the same commit. Needs a data router.
 */
import { useLayoutEffect } from 'react';
import { ScrollRestoration, useNavigation, useNavigationType, type Location } from 'react-router-dom';
import { prefersReducedMotion } from '../../motion/useReducedMotion';

export function RouteScrollRestoration() {
  const restoring = useNavigationType() === 'POP';
  return (
    <>
      <RootScrollBehavior phase={restoring ? 'restore' : 'new page'} />
      <ScrollRestoration getKey={scrollKey} />
      <RootScrollBehavior phase="after" />
    </>
  );
}

/**
 * react-router keys each history entry's saved position by `location.key`, but the first entry of
 * every page load is keyed "default": landing on the site again in the same tab (a link from an
 * e-mail, a typed address) would jump to where the previous visit's first page was left. That
 * entry gets a key of its own, kept in its history state so a reload finds it again. Only one
 * entry of a document lacks a key of react-router's, and it is the current entry the first time
 * its key is asked for (at start-up, or when Back returns to it).
 */
let firstEntryKey: string | undefined;

function scrollKey(location: Location): string {
  if (location.key !== 'default') return location.key;
  firstEntryKey ??= currentEntryKey();
  return firstEntryKey;
}

function currentEntryKey(): string {
  const state: unknown = window.history.state;
  const entry = typeof state === 'object' && state !== null ? (state as { prrScrollKey?: unknown }) : {};
  if (typeof entry.prrScrollKey === 'string') return entry.prrScrollKey;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ ...entry, prrScrollKey: key }, '');
  return key;
}

type Phase = 'restore' | 'new page' | 'after';

function RootScrollBehavior({ phase }: { phase: Phase }) {
  // Render with every router state change, as ScrollRestoration does: after a reload it restores
  // the saved position on a state change that keeps the location.
  useNavigation();
  useLayoutEffect(() => {
    document.documentElement.style.scrollBehavior = rootScrollBehavior(phase);
  });
  return null;
}

function rootScrollBehavior(phase: Phase): string {
  if (phase === 'after') return '';
  return phase === 'restore' || prefersReducedMotion() ? 'auto' : 'smooth';
}
