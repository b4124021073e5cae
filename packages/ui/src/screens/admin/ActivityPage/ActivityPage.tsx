/**
 * /admin/activity: every admin action of the last year, newest first (docs/product/rules.md#security-events):
 * when, what, the participant concerned and the network it came from, in numbered pages kept in
 * the address, with 'Export CSV' of the whole year.
 */
import { useEffect } from 'react';
import styled from 'styled-components';
import { useAdminActivity } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { Card, StatusMessage } from '../../../primitives';
import { formatCount } from '../../map/mapRules';
import { isUnauthorized } from '../adminErrors';
import { AdminFrame } from '../AdminFrame';
import { Pagination, pageRange } from '../ParticipantsPage/Pagination';
import { ActivityTable } from './ActivityTable';
import { ExportActivityButton } from './ExportActivityButton';
import { useActivityPageParams } from './useActivityPageParams';

export function ActivityPage() {
  return (
    <AdminFrame title="Activity">
      <ActivityList />
    </AdminFrame>
  );
}

function ActivityList() {
  const { query, setPage, setPageSize } = useActivityPageParams();
  const activity = useAdminActivity(query);

  // A page past the last (an old link) has no rows: show the last.
  const shown = activity.isPlaceholderData ? undefined : activity.data;
  useEffect(() => {
    if (!shown || shown.items.length > 0 || shown.total === 0) return;
    setPage(pageRange(shown.page, shown.pageSize, shown.total).pageCount, { replace: true });
  }, [shown, setPage]);

  const total = activity.data?.total;
  return (
    <Card>
      <Intro>Every change made in the admin area, kept for a year.</Intro>
      <Toolbar>
        <Status role="status">
          {activity.isPlaceholderData
            ? `Loading page ${formatCount(query.page)}...`
            : total === undefined
              ? null
              : `${formatCount(total)} ${total === 1 ? 'action' : 'actions'}`}
        </Status>
        <ExportActivityButton onExported={() => void activity.refetch()} />
      </Toolbar>
      <QueryView
        query={activity}
        loading="Loading activity..."
        // A 401 sends the admin to sign in again (the admin frame); nothing to say here.
        error={(error) => (isUnauthorized(error) ? null : "We couldn't load the activity.")}
      >
        {(page) =>
          page.total === 0 ? (
            <StatusMessage kind="empty">No admin activity yet</StatusMessage>
          ) : (
            <>
              <ActivityTable items={page.items} busy={activity.isPlaceholderData} />
              <Pagination
                page={query.page}
                pageSize={query.pageSize}
                total={page.total}
                onPageChange={setPage}
                onPageSizeChange={setPageSize}
              />
            </>
          )
        }
      </QueryView>
    </Card>
  );
}

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.md};
`;

const Status = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.inkSoft};
`;
