/**
 * The client app's navigation behind SiteLink and useSiteLocation (SiteNavigation.tsx): the
 * router's address, and its links, which change the page in place. A page that `fullPageLoad`
 * names is linked with a plain anchor instead: the app passes the public pages, which are served
 * as static HTML with islands (docs/decisions/031-islands.md). Stories and tests pass nothing, so
 * every link stays inside their memory router.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PlainLink, SiteNavigationProvider, loadPage, type SiteLinkProps, type SiteNavigation } from './SiteNavigation';

type FullPageLoad = (path: string) => boolean;

/** The page a link names, without its query or #fragment. */
const pathOf = (to: string) => to.split(/[?#]/)[0] ?? to;

const FullPageLoadContext = createContext<FullPageLoad | undefined>(undefined);

/** One component for every render, so a link keeps its element (and focus) when the address changes. */
function RouterSiteLink(props: SiteLinkProps) {
  const fullPageLoad = useContext(FullPageLoadContext);
  return fullPageLoad?.(pathOf(props.to)) ? <PlainLink {...props} /> : <Link {...props} />;
}

export interface RouterNavigationProps {
  children: ReactNode;
  /** Whether a link to this path is a normal page load rather than a change of the router's page. */
  fullPageLoad?: FullPageLoad;
}

export function RouterNavigation({ children, fullPageLoad }: RouterNavigationProps) {
  const { pathname, search, hash, state } = useLocation();
  const routerNavigate = useNavigate();
  const value = useMemo<SiteNavigation>(
    () => ({
      location: { pathname, search, hash },
      Link: RouterSiteLink,
      navigate: (to, { replace = false } = {}) => {
        if (fullPageLoad?.(pathOf(to))) loadPage(to, { replace });
        // A replaced entry keeps what the page was given with it.
        else void routerNavigate(to, replace ? { replace, state } : undefined);
      },
    }),
    [pathname, search, hash, state, routerNavigate, fullPageLoad],
  );
  return (
    <FullPageLoadContext.Provider value={fullPageLoad}>
      <SiteNavigationProvider value={value}>{children}</SiteNavigationProvider>
    </FullPageLoadContext.Provider>
  );
}
