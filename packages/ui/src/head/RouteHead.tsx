/**
 * The browser half of the page head (WCAG 2.4.2, page titled): on every route change the document's title, description,
 * canonical address, share preview and robots tag follow the new page (./headTags.ts), so a
 * bookmark, a tab or a link shared after in-app navigation names the page it shows. The build
 * writes the same tags into each prerendered page, so on the first render after hydration this
 * finds them already right and changes nothing. Renders nothing.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { headTags, sitePageFor } from './headTags';
import { headOrigin, syncHeadTags } from './syncHead';

export function useRouteHead(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    syncHeadTags(document, headTags(sitePageFor(pathname), headOrigin(document)));
  }, [pathname]);
}

export function RouteHead(): null {
  useRouteHead();
  return null;
}
