/** The map's key: the seven participation bands and their colours (docs/product/rules.md#the-map). */
import { BAND_LABELS } from '@prr/contract';
import styled, { useTheme } from 'styled-components';
import { MapCard } from '../MapCard';

export function Legend() {
  const theme = useTheme();
  return (
    <MapCard title="Participation Levels" subtitle="Peacemakers per state">
      <List>
        {BAND_LABELS.map((label, index) => (
          <Item key={label}>
            <Swatch aria-hidden="true" style={{ background: theme.colors.mapBands[index] }} />
            {label}
          </Item>
        ))}
      </List>
    </MapCard>
  );
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
`;

/* The palest bands are near-white, so every swatch gets a border to stay visible (WCAG 1.4.11). */
const Swatch = styled.span`
  width: 1.5rem;
  height: 1rem;
  border-radius: 4px;
  border: 1px solid ${({ theme }) => theme.colors.inkSoft};
`;
