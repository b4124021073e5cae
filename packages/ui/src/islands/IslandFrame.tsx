/**
 * What every island renders inside, the same at build time and in the browser, so hydration finds
 * exactly the markup the build wrote: the theme, and the page's address with plain links (a link
 * from a static page is a normal page load). No router, no query client: an island that reads the
 * API brings its own (withQueries.tsx), so the others never load TanStack Query.
 */
import { useEffect, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import {
  PlainLink,
  SiteNavigationProvider,
  loadPage,
  useWindowLocation,
  type SiteLocation,
  type SiteNavigation,
} from '../navigation/SiteNavigation';
import { theme } from '../theme/theme';

export interface IslandFrameProps {
  /** The address the page was written for (the build) or is shown at (the browser, until hydrated: then the window's). */
  location: SiteLocation;
  children: ReactNode;
  /** Called once the island is React's (the browser): its element is then marked `data-hydrated`. */
  onHydrated?: () => void;
}

export function IslandFrame({ location, children, onHydrated }: IslandFrameProps) {
  // A parent's effect runs after its children's: the whole island is hydrated by then.
  useEffect(() => onHydrated?.(), [onHydrated]);
  const navigation: SiteNavigation = { location: useWindowLocation(location), Link: PlainLink, navigate: loadPage };
  return (
    <ThemeProvider theme={theme}>
      <SiteNavigationProvider value={navigation}>{children}</SiteNavigationProvider>
    </ThemeProvider>
  );
}
