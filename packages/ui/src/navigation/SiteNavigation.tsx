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
  navigate: (to: string) => void;
}

const NavigationContext = createContext<SiteNavigation | null>(null);

export const SiteNavigationProvider = NavigationContext.Provider;

/** A plain anchor: the browser loads the page the link names. */
export function PlainLink({ to, ref, ...rest }: SiteLinkProps) {
  return <a ref={ref} href={to} {...rest} />;
}

const noSubscription = () => () => {};
const windowLocation = (): SiteLocation => ({ pathname: window.location.pathname, search: window.location.search });
let lastSnapshot: SiteLocation | undefined;
/** The same object while the address is the same (useSyncExternalStore compares snapshots by identity). */
function windowSnapshot(): SiteLocation {
  const now = windowLocation();
  if (lastSnapshot?.pathname !== now.pathname || lastSnapshot.search !== now.search) lastSnapshot = now;
  return lastSnapshot;
}
const serverSnapshot = (): SiteLocation => ({ pathname: '/', search: '' });

/**
 * The address of the page on screen: the router's in the client app, the one an island was drawn
 * for at build time, or else the window's (a normal page load never changes it in place).
 */
export function useSiteLocation(): SiteLocation {
  const navigation = useContext(NavigationContext);
  const fromWindow = useSyncExternalStore(noSubscription, windowSnapshot, serverSnapshot);
  return navigation?.location ?? fromWindow;
}

/** A link to a page of the site, drawn as the surrounding navigation says (a plain anchor by default). */
export function SiteLink(props: SiteLinkProps) {
  const Link = useContext(NavigationContext)?.Link ?? PlainLink;
  return <Link {...props} />;
}

/** A normal page load of `to`: how a static page goes anywhere, and the client app to a static page. */
export const loadPage = (to: string): void => window.location.assign(to);

/** Goes to a page of the site: a normal page load, or the client app's router. */
export function useSiteNavigate(): (to: string) => void {
  return useContext(NavigationContext)?.navigate ?? loadPage;
}
