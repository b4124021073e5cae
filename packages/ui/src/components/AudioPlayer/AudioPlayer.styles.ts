import styled, { css, keyframes } from 'styled-components';
import { media } from '../../theme';

export const Player = styled.div<{ $withCover: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: ${({ $withCover }) => ($withCover ? '160px 1fr' : '1fr')};
  }
`;

export const Cover = styled.img`
  width: 120px;
  height: 120px;
  margin: 0 auto;
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.card};
  ${media.md} {
    width: 160px;
    height: 160px;
  }
`;

export const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

export const Heading = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

export const Titles = styled.div`
  min-width: 0;
`;

export const SongTitle = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
`;

export const Artist = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const bounce = keyframes`
  0%, 100% { transform: scaleY(0.35); }
  50% { transform: scaleY(1); }
`;

/** A small equaliser that moves only while the song plays, and never under reduced motion. */
export const Bars = styled.div<{ $active: boolean }>`
  display: flex;
  align-items: flex-end;
  gap: 3px;
  height: 22px;
  flex-shrink: 0;
  span {
    width: 4px;
    height: 100%;
    border-radius: 2px;
    background: ${({ theme }) => theme.colors.olive};
    transform-origin: bottom;
    transform: scaleY(0.35);
    ${({ $active }) =>
      $active &&
      css`
        animation: ${bounce} 900ms ease-in-out infinite;
      `}
  }
  span:nth-child(2) {
    animation-delay: -300ms;
  }
  span:nth-child(3) {
    animation-delay: -600ms;
  }
  span:nth-child(4) {
    animation-delay: -150ms;
  }
  ${media.reducedMotion} {
    span {
      animation: none;
    }
  }
`;

export const Transport = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

export const PlayButton = styled.button`
  flex-shrink: 0;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3.25rem;
  height: 3.25rem;
  border-radius: 50%;
  border: 0;
  background: ${({ theme }) => theme.colors.brand};
  color: #fff;
  font-size: 1.2rem;
  cursor: pointer;
  transition: background 150ms ease;
  &:hover {
    background: ${({ theme }) => theme.colors.brandDark};
  }
`;

export const Seek = styled.div`
  flex: 1;
  min-width: 0;
`;

export const Time = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-variant-numeric: tabular-nums;
`;

export const Extras = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

export const Volume = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex: 1 1 12rem;
  max-width: 18rem;
`;

export const VolumeValue = styled.span`
  min-width: 3.25rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-variant-numeric: tabular-nums;
`;

const quietButton = css`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.paper};
  color: ${({ theme }) => theme.colors.ink};
  border-radius: ${({ theme }) => theme.radii.pill};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.sand};
  }
`;

export const IconButton = styled.button`
  ${quietButton};
  flex-shrink: 0;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.brandSoft};
    border-color: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

export const LyricsButton = styled.button`
  ${quietButton};
  padding: 0.45rem 1rem;
  font-weight: 600;
`;

export const Notice = styled.p`
  margin: 0;
  min-height: 1.2em;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.brandDark};
  &:empty {
    min-height: 0;
  }
`;
