/**
 * The fixed site navigation (docs/product/screens.md#navigation-bar). Wide screens: Home, the Learn / Stories /
 * Community dropdowns (Radix, keyboard operable), Login and Join Experiment. Narrow screens: the
 * menu button and side panel (MobileMenu). The bar turns slightly translucent past 50 px.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { paths } from '../../config';
import { ButtonLink } from '../../primitives';
import { media } from '../../theme';
import { Brand } from '../Brand';
import { MobileMenu } from '../MobileMenu';
import { homeLink, isGroupActive, isLinkActive, loginLink, navGroups, type NavGroup } from '../navItems';
import { useScrolledPast } from '../useScrolledPast';

/** docs/product/screens.md#navigation-bar: the bar changes once the page is scrolled more than this. */
export const NAV_SCROLL_THRESHOLD = 50;

export function Navbar() {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD);

  return (
    <Header $scrolled={scrolled} data-scrolled={scrolled ? 'true' : 'false'}>
      <Inner>
        <Brand />
        <WideNav aria-label="Main">
          <NavList>
            <li>
              <NavItemLink to={homeLink.to} aria-current={isLinkActive(homeLink, pathname) ? 'page' : undefined}>
                {homeLink.label}
              </NavItemLink>
            </li>
            {navGroups.map((group) => (
              <li key={group.label}>
                <NavDropdown group={group} pathname={pathname} />
              </li>
            ))}
            <li>
              <NavItemLink to={loginLink.to} aria-current={isLinkActive(loginLink, pathname) ? 'page' : undefined}>
                {loginLink.label}
              </NavItemLink>
            </li>
          </NavList>
          <ButtonLink to={paths.experiment} size="sm">
            Join Experiment
          </ButtonLink>
        </WideNav>
        <NarrowOnly>
          <MobileMenu />
        </NarrowOnly>
      </Inner>
    </Header>
  );
}

function NavDropdown({ group, pathname }: { group: NavGroup; pathname: string }) {
  const active = isGroupActive(group, pathname);
  return (
    // Not modal: the rest of the bar stays usable and nothing else is hidden from screen readers.
    <DropdownMenu.Root modal={false}>
      <GroupTrigger aria-current={active ? 'true' : undefined}>
        {group.label}
        <Caret />
      </GroupTrigger>
      <DropdownMenu.Portal>
        <MenuContent align="start" sideOffset={10}>
          {group.items.map((item) => {
            const current = isLinkActive(item, pathname);
            return (
              <DropdownMenu.Item key={item.to} asChild>
                <MenuLink to={item.to} aria-current={current ? 'page' : undefined}>
                  {item.label}
                </MenuLink>
              </DropdownMenu.Item>
            );
          })}
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Caret() {
  return (
    <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M2.5 4.5L6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

const Header = styled.header<{ $scrolled: boolean }>`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: ${({ theme }) => theme.zIndex.nav};
  height: ${({ theme }) => theme.layout.navHeight};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  transition:
    background 200ms ease,
    box-shadow 200ms ease;
  ${({ $scrolled, theme }) =>
    $scrolled
      ? css`
          background: rgba(255, 250, 243, 0.88);
          backdrop-filter: blur(10px);
          box-shadow: ${theme.shadows.card};
        `
      : css`
          background: ${theme.colors.paper};
        `}
`;

const Inner = styled.div`
  height: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  ${media.md} {
    padding: 0 ${({ theme }) => theme.space.xl};
  }
`;

const WideNav = styled.nav`
  display: none;
  ${media.lg} {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.lg};
  }
`;

const NarrowOnly = styled.div`
  ${media.lg} {
    display: none;
  }
`;

const NavList = styled.ul`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const navItemStyles = css`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.inkSoft};
  text-decoration: none;
  cursor: pointer;
  position: relative;
  &:hover {
    color: ${({ theme }) => theme.colors.brandDark};
    background: ${({ theme }) => theme.colors.sand};
  }
  &[aria-current],
  &[data-state='open'] {
    color: ${({ theme }) => theme.colors.brandDark};
  }
  /* The current page or group is underlined, not only coloured. */
  &[aria-current]::after {
    content: '';
    position: absolute;
    left: ${({ theme }) => theme.space.sm};
    right: ${({ theme }) => theme.space.sm};
    bottom: 4px;
    height: 3px;
    border-radius: 2px;
    background: ${({ theme }) => theme.colors.brand};
  }
  svg {
    transition: transform 150ms ease;
  }
  &[data-state='open'] svg {
    transform: rotate(180deg);
  }
`;

const NavItemLink = styled(Link)`
  ${navItemStyles}
`;

const GroupTrigger = styled(DropdownMenu.Trigger)`
  ${navItemStyles}
`;

const MenuContent = styled(DropdownMenu.Content)`
  z-index: ${({ theme }) => theme.zIndex.nav + 1};
  min-width: 14rem;
  padding: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const MenuLink = styled(Link)`
  display: block;
  padding: 0.55rem 0.85rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.ink};
  text-decoration: none;
  font-weight: 500;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.brandSoft};
    color: ${({ theme }) => theme.colors.brandDark};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
  &[aria-current='page'] {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brandDark};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.brand};
  }
`;
