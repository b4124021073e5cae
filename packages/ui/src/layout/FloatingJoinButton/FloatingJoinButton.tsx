/**
 * The floating Join Experiment button: bottom right once the page is scrolled past 300 px,
 * expanding to show its label on hover or keyboard focus. Not shown on /experiment itself.
 */
import { SiteLink, useSiteLocation } from '../../navigation';
import styled, { keyframes } from 'styled-components';
import { paths } from '../../config';
import { useScrolledPast } from '../useScrolledPast';

/** docs/product/screens.md#floating-join-button. */
export const FLOATING_BUTTON_THRESHOLD = 300;

export function FloatingJoinButton() {
  const { pathname } = useSiteLocation();
  const visible = useScrolledPast(FLOATING_BUTTON_THRESHOLD);
  if (!visible || pathname === paths.experiment) return null;

  return (
    <Floating to={paths.experiment} aria-label="Join Experiment">
      <Icon viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
      </Icon>
      <Label aria-hidden="true">Join Experiment</Label>
    </Floating>
  );
}

const appear = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: translateY(0); }
`;

const Label = styled.span`
  max-width: 0;
  overflow: hidden;
  white-space: nowrap;
  opacity: 0;
  transition:
    max-width 250ms ease,
    opacity 200ms ease,
    margin 250ms ease;
`;

const Floating = styled(SiteLink)`
  position: fixed;
  right: ${({ theme }) => theme.space.lg};
  bottom: ${({ theme }) => theme.space.lg};
  z-index: ${({ theme }) => theme.zIndex.floating};
  display: inline-flex;
  align-items: center;
  height: 56px;
  min-width: 56px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.brand};
  color: #fff;
  font-weight: 700;
  text-decoration: none;
  box-shadow: ${({ theme }) => theme.shadows.raised};
  animation: ${appear} 250ms ease-out;
  transition: background 150ms ease;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.brandDark};
  }
  &:hover ${Label}, &:focus-visible ${Label} {
    max-width: 12rem;
    opacity: 1;
    margin-left: ${({ theme }) => theme.space.sm};
  }
`;

const Icon = styled.svg`
  width: 24px;
  height: 24px;
  flex: none;
`;
