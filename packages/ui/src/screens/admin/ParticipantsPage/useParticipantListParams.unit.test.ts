import { ADMIN_PAGE_SIZE_DEFAULT } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, hasFilters, listSearchParams, readListQuery } from './useParticipantListParams';

const read = (search: string) => readListQuery(new URLSearchParams(search));

describe("the participant list's address", () => {
  it('reads every field, the state by its code too', () => {
    expect(read('q=okafor&state=mn&status=inactive&sort=name&page=3&pageSize=50')).toEqual({
      q: 'okafor',
      state: 'Minnesota',
      status: 'inactive',
      sort: 'name',
      page: 3,
      pageSize: 50,
    });
  });

  it('falls back to the default of each value the schema refuses, keeping the others', () => {
    expect(read('state=Atlantis&page=0&sort=name')).toEqual({ ...DEFAULT_QUERY, sort: 'name' });
  });

  it('offers only the page sizes of the screen', () => {
    expect(read('pageSize=10').pageSize).toBe(ADMIN_PAGE_SIZE_DEFAULT);
  });

  it('leaves the defaults out of the address', () => {
    expect(listSearchParams({ ...DEFAULT_QUERY, status: 'active', page: 2 }).toString()).toBe('status=active&page=2');
    expect(listSearchParams(DEFAULT_QUERY).toString()).toBe('');
  });

  it('counts search, state and status as filters, not the order', () => {
    expect(hasFilters({ ...DEFAULT_QUERY, sort: 'oldest' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_QUERY, state: 'Texas' })).toBe(true);
  });
});
