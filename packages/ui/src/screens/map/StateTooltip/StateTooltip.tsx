/**
 * The card that follows the pointer over the map: state name, count and 'Peacemakers'
 * (docs/product/screens.md#movement-map). The map positions it; this only draws it.
 */
import type { Ref } from 'react';
import styled from 'styled-components';
import { formatCount } from '../mapRules';

export interface StateTooltipProps {
  id?: string;
  name: string;
  peacemakers: number;
  /** Top-left corner inside the map, in px; omitted when the card is shown on its own. */
  position?: { left: number; top: number };
  /** The map measures the card to keep it inside the map. */
  ref?: Ref<HTMLDivElement>;
}

export function StateTooltip({ id, name, peacemakers, position, ref }: StateTooltipProps) {
  return (
    <Card
      ref={ref}
      id={id}
      role="tooltip"
      $floating={position !== undefined}
      style={position ? { left: position.left, top: position.top } : undefined}
    >
      <Name>{name}</Name>
      <Count>{formatCount(peacemakers)}</Count>
      <Label>Peacemakers</Label>
    </Card>
  );
}

const Card = styled.div<{ $floating: boolean }>`
  position: ${({ $floating }) => ($floating ? 'absolute' : 'static')};
  display: inline-flex;
  flex-direction: column;
  min-width: 9rem;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  color: ${({ theme }) => theme.colors.ink};
  /* It follows the pointer, so it must never catch the pointer itself. */
  pointer-events: none;
  white-space: nowrap;
  z-index: 2;
`;

const Name = styled.span`
  font-weight: 700;
`;

const Count = styled.span`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 700;
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;
