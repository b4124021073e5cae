/**
 * The white panel the map is drawn in, and the same panel holding 'Loading Map...' while the
 * participation, the map's chunk or its shapes load. The placeholder keeps the drawing's
 * proportions, so nothing below it moves when the map arrives (no layout shift).
 */
import styled from 'styled-components';
import { StatusMessage } from '../../../primitives';
import { media } from '../../../theme';
import { MAP_HEIGHT, MAP_WIDTH } from '../mapRules';

/* A white panel so the palest bands (near-white) still read as shapes against the page. */
export const MapBox = styled.div`
  position: relative;
  width: 100%;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  ${media.md} {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

export function MapLoading() {
  return (
    <MapBox>
      <Area>
        <StatusMessage kind="loading">Loading Map...</StatusMessage>
      </Area>
    </MapBox>
  );
}

/** The map's own proportions, with the documented 500 px minimum (docs/decisions/003-map-height-on-phones.md) where the map is wide enough. */
const Area = styled.div`
  width: 100%;
  aspect-ratio: ${MAP_WIDTH} / ${MAP_HEIGHT};
  display: grid;
  place-items: center;
  ${media.md} {
    min-height: 500px;
  }
`;
