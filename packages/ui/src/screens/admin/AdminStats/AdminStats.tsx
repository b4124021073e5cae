/**
 * The dashboard's four cards (docs/product/screens.md#admin-dashboard): Real Members, Sample Data, States, and Actions
 * with 'Update Map', which recalculates the map's counts from the real members once the admin confirms.
 */
import { useId } from 'react';
import styled from 'styled-components';
import { useAdminStats } from '../../../api';
import { Card, CardTitle, Grid, StatusMessage } from '../../../primitives';
import { formatCount } from '../../map/mapRules';
import { isUnauthorized } from '../adminErrors';
import { Caption } from './AdminStats.styles';
import { MapActionsCard } from './MapActionsCard';

export function AdminStats() {
  const stats = useAdminStats();

  return (
    <Wrapper>
      {stats.isPending ? <StatusMessage kind="loading">Loading admin dashboard...</StatusMessage> : null}
      {stats.isError && !isUnauthorized(stats.error) ? (
        <StatusMessage kind="error" onRetry={() => void stats.refetch()}>
          We couldn't load the dashboard figures.
        </StatusMessage>
      ) : null}
      <Grid $min="200px">
        {stats.data ? (
          <>
            <StatCard title="Real Members" value={stats.data.totalMembers} caption="Active participants" />
            <StatCard title="Sample Data" value={stats.data.totalParticipation} caption="Current map display" />
            <StatCard title="States" value={stats.data.stateCount} caption="Tracked locations" />
          </>
        ) : null}
        <MapActionsCard />
      </Grid>
    </Wrapper>
  );
}

interface StatCardProps {
  title: string;
  value: number;
  caption: string;
}

function StatCard({ title, value, caption }: StatCardProps) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardTitle as="h2" id={titleId}>
        {title}
      </CardTitle>
      <Value>{formatCount(value)}</Value>
      <Caption>{caption}</Caption>
    </Card>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Value = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: 700;
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.brandDark};
  font-variant-numeric: tabular-nums;
`;
