/**
 * Insights' filters live in the address's search params, as the participant list's do
 * (docs/decisions/022-admin-participants-at-scale.md): a reload, Back or a shared link shows the same
 * figures. Each is read with the contract's schema: a value it refuses (a hand-edited link) counts
 * as "all" and the other filter still counts. Empty filters are left out of the address.
 */
import { InsightsQuery } from '@prr/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

const KEYS = ['state', 'joinMonth'] as const;

export function readInsightsQuery(params: URLSearchParams): InsightsQuery {
  const state = InsightsQuery.shape.state.safeParse(params.get('state') ?? undefined);
  const joinMonth = InsightsQuery.shape.joinMonth.safeParse(params.get('joinMonth') ?? undefined);
  return { state: state.success ? state.data : '', joinMonth: joinMonth.success ? joinMonth.data : '' };
}

export function insightsSearchParams(query: InsightsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) if (query[key] !== '') params.set(key, query[key]);
  return params;
}

export function useInsightsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readInsightsQuery(searchParams), [searchParams]);
  const setFilter = useCallback(
    (patch: Partial<InsightsQuery>) =>
      setSearchParams((current) => insightsSearchParams({ ...readInsightsQuery(current), ...patch })),
    [setSearchParams],
  );
  return { query, setFilter };
}
