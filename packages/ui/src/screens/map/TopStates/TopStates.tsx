/** 'Top States': the five states with the most peacemakers, #1 set apart (docs/product/screens.md#movement-map). */
import { topStates, type StateParticipation } from '@prr/contract';
import styled, { css } from 'styled-components';
import { MapCard } from '../MapCard';
import { formatCount } from '../mapRules';

export interface TopStatesProps {
  records: readonly StateParticipation[];
}

export function TopStates({ records }: TopStatesProps) {
  const top = topStates(records);
  return (
    <MapCard title="Top States" subtitle="Most active participants">
      {top.length === 0 ? (
        <Empty>No peacemakers on the map yet. Yours could be the first state!</Empty>
      ) : (
        <List>
          {top.map((record, index) => (
            <Row key={record.stateCode} $first={index === 0}>
              <Rank $first={index === 0} aria-label={`Rank ${index + 1}`}>
                #{index + 1}
              </Rank>
              <Name>{record.state}</Name>
              <Count>{formatCount(record.peacemakers)}</Count>
            </Row>
          ))}
        </List>
      )}
    </MapCard>
  );
}

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li<{ $first: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  ${({ $first, theme }) =>
    $first &&
    css`
      background: ${theme.colors.brandSoft};
      font-weight: 700;
    `}
`;

const Rank = styled.span<{ $first: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.25rem;
  padding: 0.15rem 0.4rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  background: ${({ $first, theme }) => ($first ? theme.colors.brandDark : theme.colors.sand)};
  color: ${({ $first, theme }) => ($first ? '#fff' : theme.colors.inkSoft)};
`;

const Name = styled.span`
  flex: 1;
`;

const Count = styled.span`
  font-variant-numeric: tabular-nums;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;
