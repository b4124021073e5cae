import styled from 'styled-components';
import { media } from '../../../theme';

/**
 * On a phone the header is compact, so today's prompt is on the first screen
 * (docs/decisions/033-one-request-dashboard.md): a smaller greeting and the four figures in one row.
 */
export const Header = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} 0;
  ${media.md} {
    gap: ${({ theme }) => theme.space.lg};
    padding: ${({ theme }) => theme.space.xl} 0;
  }
`;

export const Intro = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin-bottom: ${({ theme }) => theme.space.xs};
    ${media.md} {
      font-size: ${({ theme }) => theme.fontSizes['3xl']};
    }
  }
`;

export const Day = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.inkSoft};
  ${media.md} {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export const Percent = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.oliveSoft};
  color: #3d5224;
  font-weight: 600;
  strong {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export const Stats = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  grid-template-columns: repeat(4, minmax(0, 1fr));
  ${media.md} {
    gap: ${({ theme }) => theme.space.md};
  }
`;

export const Stat = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xs};
  ${media.md} {
    padding: ${({ theme }) => theme.space.md};
  }
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

export const StatIcon = styled.span`
  display: none;
  ${media.md} {
    display: grid;
  }
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: 1.25rem;
`;

export const StatValue = styled.span`
  display: flex;
  align-items: center;
  min-height: 2rem;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.brandDark};
  ${media.md} {
    min-height: 2.5rem;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
`;

export const StatLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  line-height: 1.3;
  color: ${({ theme }) => theme.colors.inkSoft};
  ${media.md} {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Remaining = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;
