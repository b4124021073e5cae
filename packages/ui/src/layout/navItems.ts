/** The site's navigation (docs/product/screens.md#navigation-bar), defined once for the wide bar and the side panel. */
import { paths } from '../config';

export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  items: readonly NavLinkItem[];
}

export const homeLink: NavLinkItem = { label: 'Home', to: paths.home };

export const navGroups: readonly NavGroup[] = [
  {
    label: 'Learn',
    items: [
      { label: 'About', to: paths.about },
      { label: 'Two Paths', to: paths.twoPaths },
      { label: 'Method', to: paths.method },
      { label: 'Symbols & Apparel', to: paths.symbols },
      { label: 'Music', to: paths.music },
    ],
  },
  {
    label: 'Stories',
    items: [
      { label: 'Hugs the Love Story', to: paths.loveStory },
      { label: 'Peace the Purtle Story', to: paths.peaceStory },
    ],
  },
  {
    label: 'Community',
    items: [
      { label: 'Peacemaker Levels', to: paths.levels },
      { label: 'Movement Map', to: paths.map },
      { label: 'Dashboard', to: paths.dashboard },
    ],
  },
];

export const loginLink: NavLinkItem = { label: 'Login', to: paths.adminLogin };

/** Every page of the bar in one list, as the narrow menu shows them. */
export const flatLinks: readonly NavLinkItem[] = [homeLink, ...navGroups.flatMap((group) => group.items), loginLink];

/** Whether `item` is the page at `pathname`; Login also stands for the admin dashboard. */
export function isLinkActive(item: NavLinkItem, pathname: string): boolean {
  if (item.to === loginLink.to) return pathname === paths.adminLogin || pathname === paths.admin;
  return pathname === item.to;
}

export function isGroupActive(group: NavGroup, pathname: string): boolean {
  return group.items.some((item) => isLinkActive(item, pathname));
}
