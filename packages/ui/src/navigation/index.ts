export {
  PlainLink,
  SiteLink,
  SiteNavigationProvider,
  useSiteLocation,
  useSiteNavigate,
  type SiteLinkProps,
  type SiteLocation,
  type SiteNavigation,
} from './SiteNavigation';
