/**
 * Links and the current address without a router (docs/decisions/031-islands.md). The public pages
 * are static HTML with islands: a link between them is a plain anchor, a normal page load, and
 * the address is the window's. The client app (dashboard, experiment, admin) puts its router
 * behind the same two names (RouterNavigation), so one component serves both, and an island never
 * loads react-router.
 */
import {
  createContext,
  useContext,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ReactElement,
  type Ref,
} from 'react';

/** The parts of the address a screen reads. */
export interface SiteLocation {
  pathname: string;
  search: string;
  /** '#…', or '' (the build never has one: the server never sees it). */
  hash: string;
}

export interface NavigateOptions {
  /** The history entry says the new address instead of a new entry being added. */
  replace?: boolean;
}

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the site, with its query or #fragment when it has one. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

export interface SiteNavigation {
  location: SiteLocation;
  /** How a link to `to` is drawn: a plain anchor, or the client app's router link. */
  Link: (props: SiteLinkProps) => ReactElement;
  /** Goes to a page of the site as a link to it would. */
  navigate: (to: string, options?: NavigateOptions) => void;
}

const NavigationContext = createContext<SiteNavigation | null>(null);

export const SiteNavigationProvider = NavigationContext.Provider;

/** A plain anchor: the browser loads the page the link names. */
export function PlainLink({ to, ref, ...rest }: SiteLinkProps) {
  return <a ref={ref} href={to} {...rest} />;
}

/** A page load never changes the address in place; following a link with another #fragment does. */
const subscribeToWindow = (changed: () => void) => {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};
let lastSnapshot: SiteLocation | undefined;
/** The same object while the address is the same (useSyncExternalStore compares snapshots by identity). */
function windowSnapshot(): SiteLocation {
  const { pathname, search, hash } = window.location;
  if (lastSnapshot?.pathname !== pathname || lastSnapshot.search !== search || lastSnapshot.hash !== hash) {
    lastSnapshot = { pathname, search, hash };
  }
  return lastSnapshot;
}
/** Where nothing says the address (the build, for a part outside any page). */
const NO_ADDRESS: SiteLocation = { pathname: '/', search: '', hash: '' };

/**
 * The window's address, for a part of a static page: `drawn` (the address the build drew it for,
 * or its page's when it hydrates) until it is the browser's, then the window's, kept up to date.
 */
export function useWindowLocation(drawn: SiteLocation = NO_ADDRESS): SiteLocation {
  return useSyncExternalStore(subscribeToWindow, windowSnapshot, () => drawn);
}

/**
 * The address of the page on screen: the router's in the client app, the one an island was drawn
 * for at build time, or else the window's (a normal page load never changes it in place).
 */
export function useSiteLocation(): SiteLocation {
  const navigation = useContext(NavigationContext);
  const fromWindow = useWindowLocation();
  return navigation?.location ?? fromWindow;
}

/** A link to a page of the site, drawn as the surrounding navigation says (a plain anchor by default). */
export function SiteLink(props: SiteLinkProps) {
  const Link = useContext(NavigationContext)?.Link ?? PlainLink;
  return <Link {...props} />;
}

/**
 * A normal page load of `to`: how a static page goes anywhere, and the client app to a static page.
 * With `replace`, to the same page with another #fragment, the page stays and only its history entry
 * changes (an e-mail's key taken out of the address).
 */
export function loadPage(to: string, { replace = false }: NavigateOptions = {}): void {
  const target = new URL(to, window.location.href);
  const samePage = target.pathname === window.location.pathname && target.search === window.location.search;
  if (replace && samePage) window.history.replaceState(window.history.state, '', target);
  else if (replace) window.location.replace(target);
  else window.location.assign(target);
}

/** Goes to a page of the site: a normal page load, or the client app's router. */
export function useSiteNavigate(): SiteNavigation['navigate'] {
  return useContext(NavigationContext)?.navigate ?? loadPage;
}
