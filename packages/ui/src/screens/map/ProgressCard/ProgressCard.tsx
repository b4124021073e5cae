/** 'Progress': the total against the goal, the bar capped at 100% (docs/product/screens.md#movement-map). */
import { formatGoalPercent, goalPercent } from '@prr/contract';
import styled from 'styled-components';
import { BigFigure, FigureCaption, MapCard } from '../MapCard';
import { formatCount } from '../mapRules';

export interface ProgressCardProps {
  total: number;
  goal: number;
}

export function ProgressCard({ total, goal }: ProgressCardProps) {
  const percent = goalPercent(total, goal);
  const label = formatGoalPercent(total, goal);
  return (
    <MapCard title="Progress" subtitle="Toward our goal">
      <BigFigure>{formatCount(total)}</BigFigure>
      <FigureCaption>Total Participants</FigureCaption>
      <Track
        role="progressbar"
        aria-label="Progress toward our goal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(percent.toFixed(1))}
        aria-valuetext={`${label} of the ${formatCount(goal)} goal`}
      >
        <Fill style={{ width: `${percent}%` }} />
      </Track>
      <Footer>
        <strong>{label}</strong>
        <span>Goal: {formatCount(goal)}</span>
      </Footer>
    </MapCard>
  );
}

const Track = styled.div`
  height: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.sand};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  max-width: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.colors.brand};
  transition: width 600ms ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const Footer = styled.p`
  display: flex;
  justify-content: space-between;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;
