import styled, { css, keyframes } from 'styled-components';
import type { PathKey } from '../../content';
import { media, type Theme } from '../../theme';

/** Each path's colours: a warning red for vilifying, the olive of the branch for the alternative. */
function tone(theme: Theme, path: PathKey) {
  return path === 'vilify'
    ? { main: theme.colors.danger, soft: theme.colors.dangerSoft }
    : { main: theme.colors.olive, soft: theme.colors.oliveSoft };
}

const headingFocus = css`
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
`;

export const ChooserHeading = styled.h2`
  ${headingFocus};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

export const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const ChoiceCard = styled.div<{ $path: PathKey }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 6px solid ${({ theme, $path }) => tone(theme, $path).main};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.xl};
  h3 {
    ${headingFocus};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin: 0;
  }
  p {
    color: ${({ theme }) => theme.colors.inkSoft};
    margin: 0;
  }
  > :last-child {
    margin-top: auto;
  }
`;

export const StagePreview = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  list-style: none;
  padding: 0;
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
  li {
    padding: 0.15rem 0.65rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.sand};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  li + li::before {
    content: none;
  }
`;

export const Journey = styled.div<{ $path: PathKey }>`
  max-width: 52rem;
  margin: 0 auto;
`;

export const JourneyHeading = styled.h2`
  ${headingFocus};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  text-align: center;
`;

export const ProgressRow = styled.div`
  display: flex;
  justify-content: space-between;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.inkSoft};
  margin-top: ${({ theme }) => theme.space.lg};
`;

export const Progress = styled.div`
  height: 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

export const ProgressFill = styled.div<{ $path: PathKey }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $path }) => tone(theme, $path).main};
  transition: width 400ms ease;
`;

export const Track = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  list-style: none;
  padding: 0;
  margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.lg};
  ${media.md} {
    justify-content: space-between;
  }
`;

export const TrackItem = styled.li<{ $state: 'done' | 'current' | 'todo' }>`
  padding: 0.2rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.inkSoft};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $state, theme }) =>
    $state === 'current' &&
    css`
      background: ${theme.colors.ink};
      border-color: ${theme.colors.ink};
      color: ${theme.colors.paper};
      font-weight: 700;
    `}
  ${({ $state, theme }) =>
    $state === 'done' &&
    css`
      background: ${theme.colors.sand};
      color: ${theme.colors.ink};
    `}
`;

const enter = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

export const StageCard = styled.div<{ $path: PathKey }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
  ${media.sm} {
    flex-direction: row;
    gap: ${({ theme }) => theme.space.lg};
  }
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $path }) => tone(theme, $path).soft};
  border-left: 6px solid ${({ theme, $path }) => tone(theme, $path).main};
  animation: ${enter} 350ms ease-out both;
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ${media.reducedMotion} {
    animation: none;
  }
`;

export const StageIcon = styled.span`
  flex-shrink: 0;
  svg {
    width: 3.5rem;
    height: 3.5rem;
  }
  ${media.md} {
    svg {
      width: 4.5rem;
      height: 4.5rem;
    }
  }
`;

export const StageName = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  margin: 0;
`;

export const Emotion = styled.p`
  && {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.inkSoft};
    margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.sm};
  }
`;

export const Outcome = styled.div<{ $path: PathKey }>`
  margin-top: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.paper};
  h3 {
    ${headingFocus};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export const ComparisonTitle = styled.h3`
  margin-top: ${({ theme }) => theme.space.xl};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const Comparison = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const CompareCard = styled.div<{ $path: PathKey; $current: boolean }>`
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: ${({ $current }) => ($current ? '3px' : '1px')} solid
    ${({ theme, $path, $current }) => ($current ? tone(theme, $path).main : theme.colors.border)};
  h4 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme, $path }) => tone(theme, $path).main};
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  dl {
    margin: 0;
  }
  div + div {
    margin-top: ${({ theme }) => theme.space.sm};
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xl};
`;
