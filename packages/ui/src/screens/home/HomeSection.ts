/**
 * A home page band. Sections are scrolled to by id, so they keep clear of the fixed navigation
 * bar, and do not show a focus ring when focus is moved to them by a button or link.
 */
import styled from 'styled-components';
import { Section } from '../../primitives';
import { media } from '../../theme';

export const HomeSection = styled(Section)`
  scroll-margin-top: ${({ theme }) => theme.layout.navHeight};
  &:focus {
    outline: none;
  }
`;

/** A small label above a section title. */
export const Eyebrow = styled.p<{ $align?: 'left' | 'center' }>`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  text-align: ${({ $align = 'center' }) => $align};
  text-transform: uppercase;
  letter-spacing: 0.12em;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandDark};
`;

/** Copy beside a card or picture on wide screens, stacked on narrow ones; `$columns` sets the ratio. */
export const SplitLayout = styled.div<{ $columns: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: center;
  ${media.lg} {
    grid-template-columns: ${({ $columns }) => $columns};
    gap: ${({ theme }) => theme.space['2xl']};
  }
`;
