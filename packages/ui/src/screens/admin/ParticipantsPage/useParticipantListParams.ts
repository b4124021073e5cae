/**
 * The list's filter, order, page and page size live in the address's search params, so a reload,
 * Back or a shared link shows the same page (docs/decisions/022-admin-participants-at-scale.md).
 * Read with the contract's schema: a value the schema refuses (a hand-edited link) falls back to
 * its default and the rest of the link still counts. Defaults are left out of the address.
 */
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZES, AdminMemberQuery, type AdminMemberFilter } from '@prr/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type PageSize = (typeof ADMIN_PAGE_SIZES)[number];

const KEYS = ['q', 'state', 'status', 'sort', 'page', 'pageSize'] as const;
type Key = (typeof KEYS)[number];

/** The query every field of an empty address gives. */
export const DEFAULT_QUERY: AdminMemberQuery = AdminMemberQuery.parse({});

export function isPageSize(value: number): value is PageSize {
  return (ADMIN_PAGE_SIZES as readonly number[]).includes(value);
}

/** The screen's query: the contract's, with one of the page sizes the screen offers. */
export type ListQuery = AdminMemberQuery & { pageSize: PageSize };

export function readListQuery(params: URLSearchParams): ListQuery {
  const raw: Partial<Record<Key, string>> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  let parsed = AdminMemberQuery.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[issue.path[0] as Key];
    parsed = AdminMemberQuery.safeParse(raw);
  }
  const { pageSize, ...query } = parsed.success ? parsed.data : DEFAULT_QUERY;
  // The schema also allows the dashboard's 10; this screen offers 25, 50 and 100.
  return { ...query, pageSize: isPageSize(pageSize) ? pageSize : ADMIN_PAGE_SIZE_DEFAULT };
}

export function listSearchParams(query: AdminMemberQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    if (query[key] !== DEFAULT_QUERY[key]) params.set(key, String(query[key]));
  }
  return params;
}

export function hasFilters(filter: AdminMemberFilter): boolean {
  return filter.q !== DEFAULT_QUERY.q || filter.state !== DEFAULT_QUERY.state || filter.status !== DEFAULT_QUERY.status;
}

export interface ParticipantListParams {
  query: ListQuery;
  /** A new filter or order starts again at page 1. `replace`: no new history entry (typing). */
  setFilter: (patch: Partial<AdminMemberFilter>, options?: { replace?: boolean }) => void;
  /** Back to every participant, keeping the order and page size. */
  clearFilters: () => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** A new page size starts again at page 1. */
  setPageSize: (pageSize: PageSize) => void;
}

export function useParticipantListParams(): ParticipantListParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readListQuery(searchParams), [searchParams]);

  const update = useCallback(
    (patch: Partial<AdminMemberQuery>, replace = false) =>
      setSearchParams((current) => listSearchParams({ ...readListQuery(current), ...patch }), { replace }),
    [setSearchParams],
  );

  return {
    query,
    setFilter: useCallback((patch, options) => update({ ...patch, page: 1 }, options?.replace), [update]),
    clearFilters: useCallback(
      () => update({ q: DEFAULT_QUERY.q, state: DEFAULT_QUERY.state, status: DEFAULT_QUERY.status, page: 1 }),
      [update],
    ),
    setPage: useCallback((page, options) => update({ page }, options?.replace), [update]),
    setPageSize: useCallback((pageSize) => update({ pageSize, page: 1 }), [update]),
  };
}
