/**
 * The browser's half of an island (docs/decisions/031-islands.md): React takes over the markup the
 * build wrote into the island's element, as a root of its own. The build rendered it with the same
 * frame and the element's key as React's identifierPrefix, so every id React makes (labels,
 * aria-controls) comes out the same here. Loaded with the first island that hydrates: this module is
 * the one place the islands' React runtime comes from.
 */
import { type ComponentType, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandFrame } from './IslandFrame';

export function hydrateIsland(element: HTMLElement, Component: ComponentType<Record<string, unknown>>): void {
  const props = element.dataset.props ? (JSON.parse(element.dataset.props) as Record<string, unknown>) : {};
  // As the build drew it, with no #fragment (which the server never sees); the frame takes the window's once hydrated.
  const location = { pathname: window.location.pathname, search: window.location.search, hash: '' };
  // As a transition, React hydrates in slices of a few milliseconds and yields between them, so
  // no island holds the main thread for a long task; a press inside it still hydrates it at once.
  startTransition(() => {
    hydrateRoot(
      element,
      <IslandFrame location={location} onHydrated={() => element.setAttribute('data-hydrated', '')}>
        <Component {...props} />
      </IslandFrame>,
      { identifierPrefix: element.dataset.islandKey },
    );
  });
}
