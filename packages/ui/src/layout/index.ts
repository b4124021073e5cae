export { SiteLayout } from './SiteLayout';
export { Navbar } from './Navbar';
export { Footer } from './Footer';
export { FloatingJoinButton } from './FloatingJoinButton';
export { ScrollToTop } from './ScrollToTop';
export { RouteAnnouncer } from './RouteAnnouncer';
export { SocialLinks } from './SocialLinks';
export { Brand } from './Brand';
