/**
 * The goal and how far the movement has come, with the invitation to join it (docs/product/screens.md#movement-map):
 * the first screen of /map, an island that reads the counts once the page is idle.
 */
import styled from 'styled-components';
import { useMapStates, useMovementStats } from '../../../api';
import { withQueries } from '../../../islands/withQueries';
import { formatCount, mapSummary } from '../mapRules';

export function MapFigures() {
  const states = useMapStates();
  const stats = useMovementStats();
  const summary = mapSummary(states.data ?? [], stats.data?.goal);

  return (
    <>
      <Figures>
        <Figure>
          <dt>Our goal</dt>
          <dd>{formatCount(summary.goal)}</dd>
        </Figure>
        <Figure>
          <dt>Peacemakers so far</dt>
          <dd>{states.isSuccess ? formatCount(summary.total) : '…'}</dd>
        </Figure>
      </Figures>
      <Invitation>
        Be one of the {formatCount(summary.goal)} people joining together against polarization and division. One pause,
        one conversation, one state at a time.
      </Invitation>
    </>
  );
}

const Figures = styled.dl`
  display: flex;
  justify-content: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.lg};
`;

const Figure = styled.div`
  flex: 1 1 8rem;
  max-width: 13rem;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brandDark};
    font-variant-numeric: tabular-nums;
  }
`;

const Invitation = styled.p`
  max-width: 38rem;
  margin: 0 auto ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

/** The island's root: the component with a query client of its own (islands/withQueries.tsx). */
export const MapFiguresIsland = withQueries(MapFigures);
