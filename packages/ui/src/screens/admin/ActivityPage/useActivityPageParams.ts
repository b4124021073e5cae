/**
 * The Activity page's page and page size live in the address, as the participant list's do
 * (docs/decisions/022-admin-participants-at-scale.md): a reload, Back or a shared link shows the
 * same page. A value the contract's schema refuses falls back to its default; defaults are left out.
 */
import { ADMIN_PAGE_SIZE_DEFAULT, PageQuery } from '@prr/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isPageSize, type PageSize } from '../ParticipantsPage/useParticipantListParams';

export interface ActivityQuery {
  page: number;
  pageSize: PageSize;
}

const field = (params: URLSearchParams, key: keyof PageQuery): Partial<PageQuery> => {
  const value = params.get(key);
  const parsed = PageQuery.shape[key].safeParse(value ?? undefined);
  return parsed.success ? { [key]: parsed.data } : {};
};

export function readActivityQuery(params: URLSearchParams): ActivityQuery {
  const { page, pageSize } = PageQuery.parse({ ...field(params, 'page'), ...field(params, 'pageSize') });
  // The schema also allows the dashboard's 10; this page offers 25, 50 and 100.
  return { page, pageSize: isPageSize(pageSize) ? pageSize : ADMIN_PAGE_SIZE_DEFAULT };
}

export function activitySearchParams(query: ActivityQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== ADMIN_PAGE_SIZE_DEFAULT) params.set('pageSize', String(query.pageSize));
  return params;
}

export function useActivityPageParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readActivityQuery(searchParams), [searchParams]);
  const update = useCallback(
    (patch: Partial<ActivityQuery>, replace = false) =>
      setSearchParams((current) => activitySearchParams({ ...readActivityQuery(current), ...patch }), { replace }),
    [setSearchParams],
  );
  return {
    query,
    setPage: useCallback(
      (page: number, options?: { replace?: boolean }) => update({ page }, options?.replace),
      [update],
    ),
    /** A new page size starts again at page 1. */
    setPageSize: useCallback((pageSize: PageSize) => update({ pageSize, page: 1 }), [update]),
  };
}
