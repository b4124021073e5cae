/**
 * The frame the map page's figure cards share (Top States, Progress, Coverage, the legend): a
 * titled section with a subtitle, plus the big number and its caption.
 */
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card, CardSubtitle, CardTitle } from '../../../primitives';

export interface MapCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

export function MapCard({ title, subtitle, children }: MapCardProps) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardTitle id={titleId}>{title}</CardTitle>
      <CardSubtitle>{subtitle}</CardSubtitle>
      {children}
    </Card>
  );
}

export const BigFigure = styled.p<{ $tone?: 'brand' | 'olive' }>`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: 700;
  line-height: 1.1;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $tone = 'brand' }) => ($tone === 'olive' ? theme.colors.olive : theme.colors.brandDark)};
`;

export const FigureCaption = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
