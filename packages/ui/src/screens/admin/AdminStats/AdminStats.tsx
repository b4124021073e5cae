/**
 * The dashboard's four cards (docs/product/screens.md#admin-dashboard): Real Members, Sample Data, States, and Actions
 * with 'Update Map', which recalculates the map's counts from the real members.
 */
import { useId } from 'react';
import styled from 'styled-components';
import { useAdminStats, useRecalculateStates } from '../../../api';
import { Button, Card, CardTitle, Grid, StatusMessage, toast } from '../../../primitives';
import { formatCount } from '../../map/mapRules';
import { isUnauthorized, messageOr } from '../adminErrors';
import { useSessionExpiry } from '../useSessionExpiry';

export function AdminStats() {
  const actionsTitleId = useId();
  const stats = useAdminStats();
  const expire = useSessionExpiry();
  const recalculate = useRecalculateStates({
    onSuccess: () => {
      toast({
        title: 'State data updated',
        description: 'State participation counts have been recalculated from real member data.',
      });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return expire();
      toast({
        title: 'Error updating states',
        description: messageOr(error, 'Failed to recalculate state data'),
        variant: 'destructive',
      });
    },
  });

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
        <Card as="section" aria-labelledby={actionsTitleId}>
          <CardTitle as="h2" id={actionsTitleId}>
            Actions
          </CardTitle>
          <Caption>Recount the map from real members</Caption>
          <Button onClick={() => recalculate.mutate({})} disabled={recalculate.isPending} block>
            {recalculate.isPending ? 'Updating...' : 'Update Map'}
          </Button>
        </Card>
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

const Caption = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
