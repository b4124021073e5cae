import styled, { css } from 'styled-components';
import { media } from '../../theme';
import type { LevelStatus } from './levelContent';

export const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

export const Summary = styled.section`
  display: flex;
  gap: ${({ theme }) => theme.space.lg};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.brandSoft}, ${({ theme }) => theme.colors.surface});
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

export const SummaryIcon = styled.span`
  flex-shrink: 0;
  display: grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface};
  border: 2px solid ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: 1.6rem;
`;

export const SummaryBody = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const SummaryLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.08em;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandDark};
`;

export const SummaryTitle = styled.span`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  line-height: 1.2;
`;

export const SummaryPoints = styled.span`
  color: ${({ theme }) => theme.colors.inkSoft};
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

export const SummaryNext = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Ladder = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  /* The rail that joins the rungs. */
  &::before {
    content: '';
    position: absolute;
    top: 1.5rem;
    bottom: 1.5rem;
    left: 1.375rem;
    width: 3px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

export const Item = styled.li<{ $status: LevelStatus }>`
  position: relative;
  display: grid;
  grid-template-columns: 2.75rem 1fr;
  gap: ${({ theme }) => theme.space.sm};
  ${media.md} {
    gap: ${({ theme }) => theme.space.md};
  }
`;

const markerTone = {
  current: css`
    background: ${({ theme }) => theme.colors.brandSoft};
    border-color: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.brandDark};
  `,
  reached: css`
    background: ${({ theme }) => theme.colors.oliveSoft};
    border-color: ${({ theme }) => theme.colors.olive};
    color: #3d5224;
  `,
  locked: css`
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.muted};
  `,
};

export const Marker = styled.span<{ $status: LevelStatus }>`
  position: relative;
  z-index: 1;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  margin-top: ${({ theme }) => theme.space.sm};
  border-radius: 50%;
  border: 3px solid;
  font-size: 1.2rem;
  ${({ $status }) => markerTone[$status]}
`;

export const Card = styled.div<{ $status: LevelStatus }>`
  min-width: 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md};
  ${({ $status, theme }) =>
    $status === 'current' &&
    css`
      border: 2px solid ${theme.colors.brand};
    `}
  ${({ $status, theme }) =>
    $status === 'locked' &&
    css`
      background: ${theme.colors.paper};
    `}
`;

export const CardHeading = styled.h3`
  margin: 0;
  font-size: inherit;
  font-family: inherit;
`;

export const Toggle = styled.button`
  width: 100%;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0;
  border: 0;
  background: transparent;
  color: inherit;
  text-align: left;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

export const ToggleText = styled.span`
  flex: 1 1 12rem;
  display: flex;
  flex-direction: column;
`;

export const LevelTitle = styled.span`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
`;

export const LevelSubtitle = styled.span`
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Badges = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const pill = css`
  display: inline-block;
  padding: 0.15rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

export const Points = styled.span`
  ${pill};
  background: ${({ theme }) => theme.colors.sand};
  color: ${({ theme }) => theme.colors.ink};
`;

export const Status = styled.span<{ $status: LevelStatus }>`
  ${pill};
  ${({ $status, theme }) =>
    ({
      current: css`
        background: ${theme.colors.brandDark};
        color: #fff;
      `,
      reached: css`
        background: ${theme.colors.oliveSoft};
        color: #3d5224;
      `,
      locked: css`
        background: transparent;
        color: ${theme.colors.inkSoft};
        border: 1px solid ${theme.colors.border};
      `,
    })[$status]}
`;

export const Chevron = styled.span<{ $open: boolean }>`
  font-size: 1.25rem;
  color: ${({ theme }) => theme.colors.inkSoft};
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
  transition: transform 150ms ease;
  ${media.reducedMotion} {
    transition: none;
  }
`;

export const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

export const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px dashed ${({ theme }) => theme.colors.border};
  &[hidden] {
    display: none;
  }
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const DetailsTitle = styled.h4`
  font-size: ${({ theme }) => theme.fontSizes.md};
  margin: 0 0 ${({ theme }) => theme.space.xs};
`;

export const DetailsList = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  color: ${({ theme }) => theme.colors.inkSoft};
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;
