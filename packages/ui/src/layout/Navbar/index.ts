export { Navbar, NAV_SCROLL_THRESHOLD } from './Navbar';
