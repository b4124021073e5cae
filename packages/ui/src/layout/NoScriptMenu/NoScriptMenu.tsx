/**
 * The links of a navigation menu as a native popover (the HTML `popover` attribute, opened by its
 * button's `popovertarget`), for a static page whose script has not run (docs/decisions/031-islands.md):
 * with no JavaScript, or before the navigation bar's island hydrates, every page is still a click
 * away. Once React holds the bar, its buttons drop `popovertarget` and open the real menus (Radix),
 * and this list is gone (useHydrated).
 */
import styled from 'styled-components';
import { SiteLink } from '../../navigation';
import type { NavLinkItem } from '../navItems';

export interface NoScriptMenuProps {
  id: string;
  label: string;
  links: readonly NavLinkItem[];
}

export function NoScriptMenu({ id, label, links }: NoScriptMenuProps) {
  return (
    <Panel id={id} popover="auto" aria-label={label}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <SiteLink to={link.to}>{link.label}</SiteLink>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

const Panel = styled.nav`
  /* Below the bar, at the right, as the menus it stands in for. */
  inset: ${({ theme }) => theme.layout.navHeight} ${({ theme }) => theme.space.md} auto auto;
  margin: 0;
  min-width: 14rem;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: block;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.ink};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.sand};
  }
`;
