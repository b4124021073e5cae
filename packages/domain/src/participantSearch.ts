/**
 * The admin's participant list: which members a query matches and in what order. Defined once:
 * the memory and lowdb stores run these functions, and the PostgreSQL store's SQL mirrors them
 * (the shared store suite holds them to the same answers).
 */
import type { AdminMemberFilter, AdminMemberQuery, AdminMemberPage } from '@prr/contract';
import type { DomainReads, MemberSearch } from './ports.js';
import type { StoredMember } from './records.js';
import { adminMemberView } from './participants.js';

export function memberSearch(filter: AdminMemberFilter): MemberSearch {
  return { text: filter.q.trim().toLowerCase(), state: filter.state, status: filter.status, sort: filter.sort };
}

/**
 * The lower-cased name and e-mail a search text is looked for in, apart: a NUL between them, which
 * no search text holds (the server and the mocks refuse NUL in any input), so no match spans both.
 * A store may keep it per member instead of lower-casing 50,000 names per search.
 */
export function searchKey(member: Pick<StoredMember, 'name' | 'email'>): string {
  return `${member.name.toLowerCase()}\u0000${member.email.toLowerCase()}`;
}

/**
 * Part of the name or e-mail (any case), or the start of the ZIP code; then the state and the
 * status. Lower-casing is JavaScript's toLowerCase, PostgreSQL's lower() in SQL. `key` is the
 * member's searchKey when the store keeps it.
 */
export function memberMatches(member: StoredMember, search: MemberSearch, key?: string): boolean {
  if (search.state !== '' && member.state !== search.state) return false;
  if (search.status === 'active' && !member.isActive) return false;
  if (search.status === 'inactive' && member.isActive) return false;
  if (search.text === '') return true;
  return (key ?? searchKey(member)).includes(search.text) || member.zipCode.toLowerCase().startsWith(search.text);
}

/** Code-unit order of the lower-cased name (PostgreSQL: `lower(name) COLLATE "C"`), the same on every machine. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A comparator for one sort over members listed newest first (the stores' base order, which
 * breaks ties of joinedAt by insertion: last added first). Ties on the name keep that order, so
 * a stable sort of the newest-first list gives the answer.
 */
export function compareMembers(sort: MemberSearch['sort']): (a: StoredMember, b: StoredMember) => number {
  switch (sort) {
    case 'newest':
      return () => 0;
    case 'oldest':
      return (a, b) => compareText(a.joinedAt, b.joinedAt);
    case 'name':
      return (a, b) => compareText(a.name.toLowerCase(), b.name.toLowerCase());
    case 'name-desc':
      return (a, b) => compareText(b.name.toLowerCase(), a.name.toLowerCase());
  }
}

/**
 * Orders a newest-first list by the search's sort. 'oldest' is the newest-first list reversed,
 * so members who joined in the same millisecond come first-added first.
 */
export function sortMembers(newestFirst: readonly StoredMember[], sort: MemberSearch['sort']): StoredMember[] {
  if (sort === 'newest') return [...newestFirst];
  if (sort === 'oldest') return [...newestFirst].reverse();
  return [...newestFirst].sort(compareMembers(sort));
}

/** One page of the admin's list (GET /api/admin/members). */
export async function adminMemberPage(store: DomainReads, query: AdminMemberQuery): Promise<AdminMemberPage> {
  const offset = (query.page - 1) * query.pageSize;
  const { members, total } = await store.searchMembers(memberSearch(query), offset, query.pageSize);
  return { items: members.map(adminMemberView), total, page: query.page, pageSize: query.pageSize };
}
