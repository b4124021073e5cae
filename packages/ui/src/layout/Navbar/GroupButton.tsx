/**
 * The look of the bar's items, and the button that opens a group: the same element before the
 * group's menu code has loaded (NavGroup) and as the Radix trigger after (NavGroupMenu), so the
 * bar looks the same either way.
 */
import { SiteLink } from '../../navigation';
import styled, { css } from 'styled-components';

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

export const NavItemLink = styled(SiteLink)`
  ${navItemStyles}
`;

export const GroupButton = styled.button`
  ${navItemStyles}
`;

export function Caret() {
  return (
    <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M2.5 4.5L6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
