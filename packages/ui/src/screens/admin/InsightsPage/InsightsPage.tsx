/**
 * /admin/insights (docs/product/insights.md): what the 90 days show, for the whole movement or one
 * state and join month (kept in the address), from figures the server caches for a while: when they
 * were computed, 'Refresh figures' for fresh ones, and every figure as CSV. Every figure stands on
 * at least the minimum of members; a smaller group reads HIDDEN_FIGURE_TEXT and shows nothing else.
 */
import { insightsExport, searchFor, type Insights, type InsightsQuery } from '@prr/contract';
import { HIDDEN_FIGURE_TEXT, MIN_MEMBERS_PER_FIGURE } from '@prr/domain';
import styled from 'styled-components';
import { useInsights, useRefreshInsights } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { Button, Card } from '../../../primitives';
import { isUnauthorized } from '../adminErrors';
import { AdminFrame } from '../AdminFrame';
import { useAdminFailure } from '../useSessionExpiry';
import { InsightsFilters } from './InsightsFilters';
import { InsightsSections } from './InsightsSections';
import { formatComputedAt, formatJoinMonth } from './insightsFormat';
import { useInsightsParams } from './useInsightsParams';

export function InsightsPage() {
  return (
    <AdminFrame title="Insights">
      <InsightsView />
    </AdminFrame>
  );
}

/** Who the figures are about, in words: 'California, joined in September 2025'. */
export function describeScope(query: InsightsQuery): string {
  const where = query.state || 'all states';
  const when = query.joinMonth ? `joined in ${formatJoinMonth(query.joinMonth)}` : 'every month';
  return `${where}, ${when}`;
}

/**
 * No members match: every member has a join week, so none is listed. (`members` alone cannot say
 * it: a count under the minimum, zero included, is hidden.)
 */
const noMembers = (insights: Insights) => insights.joinsByWeek.length === 0;

function InsightsView() {
  const { query, setFilter } = useInsightsParams();
  const insights = useInsights(query);
  const filtered = query.state !== '' || query.joinMonth !== '';
  const computedAt = insights.data?.computedAt;

  return (
    <>
      <Card>
        <Intro>
          What the 90 days show. Every figure stands on at least {MIN_MEMBERS_PER_FIGURE} members: a smaller group reads
          &ldquo;{HIDDEN_FIGURE_TEXT}&rdquo;, so nobody can be picked out.
        </Intro>
        <InsightsFilters query={query} onChange={setFilter} />
        <Toolbar>
          <Computed aria-live="polite">
            {computedAt ? (
              <>
                Figures computed at <time dateTime={computedAt}>{formatComputedAt(computedAt)}</time>
              </>
            ) : null}
          </Computed>
          <Actions>
            <RefreshButton />
            <DownloadLink href={insightsExport.path + searchFor(query)} download={insightsExport.filename}>
              Download CSV
            </DownloadLink>
          </Actions>
        </Toolbar>
      </Card>
      <QueryView
        query={insights}
        loading="Loading insights..."
        // A 401 sends the admin to sign in again (the admin frame); nothing to say here.
        error={(error) => (isUnauthorized(error) ? null : "We couldn't load the insights.")}
        isEmpty={noMembers}
        empty={filtered ? 'No members match these filters.' : 'No members yet.'}
      >
        {(data) => <InsightsSections insights={data} scope={describeScope(query)} filtered={filtered} />}
      </QueryView>
    </>
  );
}

/** Drops the server's cached figures; the page's figures are then read again. */
function RefreshButton() {
  const failed = useAdminFailure();
  const refresh = useRefreshInsights({
    onError: (error) => {
      failed(error, { title: 'Error refreshing figures', fallback: 'Failed to refresh the figures' });
    },
  });
  return (
    <Button variant="secondary" size="sm" disabled={refresh.isPending} onClick={() => refresh.mutate({})}>
      {refresh.isPending ? 'Refreshing...' : 'Refresh figures'}
    </Button>
  );
}

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
`;

const Computed = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** A plain link: the browser saves the server's CSV (insightsExport) under its own name. */
const DownloadLink = styled.a`
  display: inline-flex;
  align-items: center;
  padding: 0.35rem 0.9rem;
  border: 2px solid ${({ theme }) => theme.colors.brand};
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.brandSoft};
  }
`;
