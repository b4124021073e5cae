/** 'Coverage': how many of the 50 states have at least one peacemaker (docs/product/screens.md#movement-map). */
import { TOTAL_US_STATES } from '@prr/contract';
import styled from 'styled-components';
import { BigFigure, FigureCaption, MapCard } from '../MapCard';

export interface CoverageCardProps {
  /** States with at least one peacemaker (the contract's coveredStates). */
  covered: number;
}

export function CoverageCard({ covered }: CoverageCardProps) {
  return (
    <MapCard title="Coverage" subtitle="Geographic reach">
      <BigFigure $tone="olive">{covered}</BigFigure>
      <FigureCaption>of {TOTAL_US_STATES} states</FigureCaption>
      <Note>Movement spanning across America</Note>
    </MapCard>
  );
}

const Note = styled.p`
  margin: 0;
`;
