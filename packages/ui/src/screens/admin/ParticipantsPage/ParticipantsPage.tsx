/**
 * /admin/participants, 'View all participants' (docs/product/rules.md#admin-participants): the
 * whole list, paged on the server, searched and filtered, in the order the admin picks, with each
 * participant's Edit, Deactivate/Reactivate and Delete, and 'Export CSV' of what the filter shows.
 * The filter, order and page are the address's (useParticipantListParams).
 */
import type { AdminMember } from '@prr/contract';
import { useCallback, useEffect, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { useAdminMembers } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { Card } from '../../../primitives';
import { media } from '../../../theme';
import { formatCount } from '../../map/mapRules';
import { isUnauthorized } from '../adminErrors';
import { AdminFrame } from '../AdminFrame';
import { DeleteParticipantDialog } from './DeleteParticipantDialog';
import { EditParticipantDialog } from './EditParticipantDialog';
import { EmptyList } from './EmptyList';
import { ExportCsvButton } from './ExportCsvButton';
import { Pagination, pageRange } from './Pagination';
import { ParticipantFilters, sortOptions } from './ParticipantFilters';
import { ParticipantTable } from './ParticipantTable';
import { hasFilters, useParticipantListParams } from './useParticipantListParams';

export function ParticipantsPage() {
  return (
    <AdminFrame title="Participants">
      <ParticipantList />
    </AdminFrame>
  );
}

function ParticipantList() {
  const { query, setFilter, clearFilters, setPage, setPageSize } = useParticipantListParams();
  const { q, state, status, sort } = query;
  const filter = { q, state, status, sort };
  const members = useAdminMembers(query);
  const [editing, setEditing] = useState<AdminMember | null>(null);
  const [deleting, setDeleting] = useState<AdminMember | null>(null);
  const onClear = hasFilters(query) ? clearFilters : undefined;
  // Typing replaces the address rather than adding to the history: Back skips the half-typed searches.
  const onSearch = useCallback((text: string) => setFilter({ q: text }, { replace: true }), [setFilter]);

  // A page past the last (the list shrank under the admin, or an old link) has no rows: show the last.
  const shown = members.isPlaceholderData ? undefined : members.data;
  useEffect(() => {
    if (!shown || shown.items.length > 0 || shown.total === 0) return;
    setPage(pageRange(shown.page, shown.pageSize, shown.total).pageCount, { replace: true });
  }, [shown, setPage]);

  const sortLabel = sortOptions.find((option) => option.value === sort)?.label ?? '';

  return (
    <Card>
      <ParticipantFilters filter={filter} onSearch={onSearch} onChange={setFilter} onClear={onClear} />
      <Toolbar>
        <ListStatus loading={members.isPlaceholderData} page={query.page} total={members.data?.total} />
        <ExportCsvButton filter={filter} />
      </Toolbar>
      <QueryView
        query={members}
        loading="Loading participants..."
        // A 401 sends the admin to sign in again (the admin frame); nothing to say here.
        error={(error) => (isUnauthorized(error) ? null : "We couldn't load the participants.")}
      >
        {(page) =>
          page.total === 0 ? (
            <EmptyList onClear={onClear} />
          ) : (
            <>
              <ParticipantTable
                members={page.items}
                caption={`Participants, ${sortLabel.toLowerCase()}`}
                sort={sort}
                busy={members.isPlaceholderData}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
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
      <EditParticipantDialog member={editing} onClose={() => setEditing(null)} />
      <DeleteParticipantDialog member={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.md};
`;

interface ListStatusProps {
  /** The next page or filter is loading; the rows shown are the last ones. */
  loading: boolean;
  page: number;
  total: number | undefined;
}

/** How many the filter found, or which page is coming; always in the page, so each change is announced. */
function ListStatus({ loading, page, total }: ListStatusProps) {
  return (
    <Status role="status">
      {loading ? (
        <>
          <Spinner aria-hidden />
          Loading page {formatCount(page)}...
        </>
      ) : total === undefined ? null : (
        `${formatCount(total)} ${total === 1 ? 'participant' : 'participants'}`
      )}
    </Status>
  );
}

const Status = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Spinner = styled.span`
  width: 1rem;
  height: 1rem;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.brandSoft};
  border-top-color: ${({ theme }) => theme.colors.brand};
  animation: ${spin} 0.9s linear infinite;
  ${media.reducedMotion} {
    animation: none;
  }
`;
