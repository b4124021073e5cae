/**
 * The fixed site navigation (docs/product/screens.md#navigation-bar). Wide screens: Home, the Learn / Stories /
 * Community dropdowns (Radix, keyboard operable, loaded when first wanted: NavGroup), Login and
 * Join Experiment. Narrow screens: the menu button and side panel (MobileMenu). The bar turns
 * slightly translucent past 50 px.
 */
import { useSiteLocation } from '../../navigation';
import styled, { css } from 'styled-components';
import { paths } from '../../config';
import { ButtonLink } from '../../primitives';
import { media } from '../../theme';
import { Brand } from '../Brand';
import { MobileMenu } from '../MobileMenu';
import { homeLink, isLinkActive, loginLink, navGroups } from '../navItems';
import { useScrolledPast } from '../useScrolledPast';
import { NavItemLink } from './GroupButton';
import { NavGroup } from './NavGroup';

/** docs/product/screens.md#navigation-bar: the bar changes once the page is scrolled more than this. */
export const NAV_SCROLL_THRESHOLD = 50;

export function Navbar() {
  const { pathname } = useSiteLocation();
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
                <NavGroup group={group} pathname={pathname} />
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
