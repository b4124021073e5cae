import styled from 'styled-components';
import { media } from '../../theme';

export const ShareRow = styled.div`
  display: flex;
  justify-content: center;
`;

export const Showcase = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: center;
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

export const ShowcaseImage = styled.div`
  background: ${({ theme }) => theme.colors.sand};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space.lg};
  img {
    width: 100%;
    height: auto;
    max-width: 420px;
    margin: 0 auto;
  }
`;

export const ShowcaseBody = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  p {
    margin: 0;
  }
`;

export const Badges = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Badge = styled.span<{ $featured?: boolean }>`
  padding: 0.15rem 0.7rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  background: ${({ theme, $featured }) => ($featured ? theme.colors.brandSoft : theme.colors.oliveSoft)};
  color: ${({ theme, $featured }) => ($featured ? theme.colors.brandDark : theme.colors.ink)};
`;

export const ShowcaseTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  margin: 0;
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
`;

export const Price = styled.p`
  && {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brandDark};
    margin: 0;
  }
`;

export const Meaning = styled.div`
  width: 100%;
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-left: 4px solid ${({ theme }) => theme.colors.olive};
  background: ${({ theme }) => theme.colors.oliveSoft};
  border-radius: 0 ${({ theme }) => theme.radii.md} ${({ theme }) => theme.radii.md} 0;
  h3 {
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

export const ItemGrid = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

export const ItemCard = styled.li<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.colors.surface};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.brand : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.md};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
    margin: 0;
  }
  > :last-child {
    margin-top: auto;
  }
`;

export const ItemImage = styled.img`
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.sand};
`;

export const ItemCategory = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

export const SelectButton = styled.button`
  margin-top: ${({ theme }) => theme.space.sm};
  padding: 0.4rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 2px solid ${({ theme }) => theme.colors.brand};
  background: transparent;
  color: ${({ theme }) => theme.colors.brandDark};
  font-weight: 700;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.brandSoft};
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.brand};
    color: #fff;
  }
`;

export const Collections = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

export const CollectionLink = styled.a`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-decoration: none;
  color: ${({ theme }) => theme.colors.ink};
  font-weight: 700;
  transition:
    transform 150ms ease,
    box-shadow 150ms ease;
  img {
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    background: ${({ theme }) => theme.colors.brandSoft};
  }
  > span {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  }
  &:hover {
    transform: translateY(-2px);
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }
  ${media.reducedMotion} {
    &:hover {
      transform: none;
    }
  }
`;

export const Story = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: center;
  max-width: 60rem;
  margin: 0 auto;
  ${media.md} {
    grid-template-columns: 240px 1fr;
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
  p {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export const StoryArt = styled.img`
  width: 180px;
  height: auto;
  margin: 0 auto;
  ${media.md} {
    width: 240px;
  }
`;
