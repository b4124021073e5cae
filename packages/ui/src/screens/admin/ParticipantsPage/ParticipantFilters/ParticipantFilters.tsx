/**
 * What the list shows (docs/product/rules.md#admin-participants): a search by name, e-mail or ZIP
 * code, a state, Active/Inactive, and the order; 'Clear filters' once any filter is set.
 */
import {
  STATE_NAMES,
  canonicalStateName,
  type AdminMemberFilter,
  type AdminMemberSort,
  type AdminMemberStatus,
} from '@prr/contract';
import styled from 'styled-components';
import { Button, Select, type SelectOption } from '../../../../primitives';
import { media } from '../../../../theme';
import { SearchField } from './SearchField';

/** Radix Select keeps '' for "nothing chosen", so 'All states' is this value in the menu (no state's name). */
const ALL_STATES = 'all';

const stateOptions: SelectOption[] = [
  { value: ALL_STATES, label: 'All states' },
  ...STATE_NAMES.map((name) => ({ value: name, label: name })),
];

const statusOptions: { value: AdminMemberStatus; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export const sortOptions: { value: AdminMemberSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: 'name-desc', label: 'Name Z–A' },
];

const isStatus = (value: string): value is AdminMemberStatus => statusOptions.some((o) => o.value === value);
const isSort = (value: string): value is AdminMemberSort => sortOptions.some((o) => o.value === value);

interface ParticipantFiltersProps {
  filter: AdminMemberFilter;
  onSearch: (q: string) => void;
  onChange: (patch: Partial<AdminMemberFilter>) => void;
  /** Set when a filter is on: the button that clears them. */
  onClear?: () => void;
}

export function ParticipantFilters({ filter, onSearch, onChange, onClear }: ParticipantFiltersProps) {
  return (
    <Filters role="search" aria-label="Filter participants">
      <Wide>
        <SearchField value={filter.q} onSearch={onSearch} />
      </Wide>
      <Select
        label="State"
        value={filter.state || ALL_STATES}
        options={stateOptions}
        onValueChange={(value) => onChange({ state: canonicalStateName(value) ?? '' })}
      />
      <Select
        label="Status"
        value={filter.status}
        options={statusOptions}
        onValueChange={(value) => isStatus(value) && onChange({ status: value })}
      />
      <Wide>
        <Select
          label="Sort by"
          value={filter.sort}
          options={sortOptions}
          onValueChange={(value) => isSort(value) && onChange({ sort: value })}
        />
      </Wide>
      {onClear ? (
        <Clear>
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        </Clear>
      ) : null}
    </Filters>
  );
}

/** State and Status side by side on a phone, so the list starts sooner; one row from large screens. */
const Filters = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(14rem, 2fr) repeat(3, minmax(9rem, 1fr)) auto;
  }
`;

const Wide = styled.div`
  grid-column: 1 / -1;
  ${media.lg} {
    grid-column: auto;
  }
`;

/** Level with the fields' boxes, below their labels. */
const Clear = styled.div`
  ${media.lg} {
    padding-top: 1.6rem;
  }
`;
