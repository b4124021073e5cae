/**
 * Which members Insights counts (docs/product/insights.md): one state or all, and the month they
 * joined or every month. Radix Select keeps '' for "nothing chosen", so "all" has a value of its own.
 */
import { STATE_NAMES, canonicalStateName, type InsightsQuery } from '@prr/contract';
import { useMemo } from 'react';
import styled from 'styled-components';
import { Select, type SelectOption } from '../../../primitives';
import { media } from '../../../theme';
import { formatJoinMonth, recentJoinMonths } from './insightsFormat';

const ALL = 'all';

const stateOptions: SelectOption[] = [
  { value: ALL, label: 'All states' },
  ...STATE_NAMES.map((name) => ({ value: name, label: name })),
];

const JOIN_MONTH = /^\d{4}-\d{2}$/;

interface InsightsFiltersProps {
  query: InsightsQuery;
  onChange: (patch: Partial<InsightsQuery>) => void;
}

export function InsightsFilters({ query, onChange }: InsightsFiltersProps) {
  const monthOptions = useMemo(() => {
    const months = recentJoinMonths(new Date());
    // A link to an older month still shows that month as chosen.
    if (query.joinMonth !== '' && !months.includes(query.joinMonth)) months.push(query.joinMonth);
    return [
      { value: ALL, label: 'Every month' },
      ...months.map((month) => ({ value: month, label: formatJoinMonth(month) })),
    ];
  }, [query.joinMonth]);

  return (
    <Filters role="search" aria-label="Filter insights">
      <Select
        label="State"
        value={query.state || ALL}
        options={stateOptions}
        onValueChange={(value) => onChange({ state: canonicalStateName(value) ?? '' })}
      />
      <Select
        label="Join month"
        value={query.joinMonth || ALL}
        options={monthOptions}
        onValueChange={(value) => onChange({ joinMonth: JOIN_MONTH.test(value) ? value : '' })}
      />
    </Filters>
  );
}

const Filters = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(10rem, 16rem));
  }
`;
