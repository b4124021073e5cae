/**
 * The admin's participant search as SQL: the match and order rules of
 * packages/domain/src/participantSearch.ts (memberMatches, sortMembers), which the memory and
 * lowdb stores run in JavaScript; the shared store suite holds them to the same answers.
 * Columns and indexes: packages/server/migrations/004_admin_participants.sql.
 *
 * Only constant SQL text is built here: every value the admin typed is a parameter.
 */
import type { AdminMemberSort } from '@prr/contract';
import type { MemberSearch } from '@prr/domain';
import { MEMBER_COLUMNS, type BatchKey } from './rows.js';

export interface Statement {
  text: string;
  values: unknown[];
}

/** LIKE's wildcards and its escape character (the default, a backslash), escaped to match as typed. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Positional parameters, numbered in the order they are added. */
class Params {
  readonly values: unknown[] = [];

  /** Adds a value and answers its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Every order ends on (joined_at, seq), which no two members share, so an order is total: pages
 * never overlap, and reading it backwards gives exactly its reverse. name_lower is in code-point
 * order (its column's collation is "C"), as compareMembers compares the lower-cased names.
 */
const ORDER_BY: Record<AdminMemberSort, { forward: string; backward: string }> = {
  newest: { forward: 'joined_at DESC, seq DESC', backward: 'joined_at, seq' },
  // Exactly the reverse of newest: sortMembers reverses the newest-first list.
  oldest: { forward: 'joined_at, seq', backward: 'joined_at DESC, seq DESC' },
  name: { forward: 'name_lower, joined_at DESC, seq DESC', backward: 'name_lower DESC, joined_at, seq' },
  'name-desc': { forward: 'name_lower DESC, joined_at DESC, seq DESC', backward: 'name_lower, joined_at, seq' },
};

/**
 * The conditions of memberMatches. The text is already lower-cased (memberSearch): it is compared
 * with name_lower (lower(name)), zip_lower (lower(zip_code)) and email_key, the e-mail trimmed and
 * lower-cased by normaliseEmail; the search text is trimmed too, so the trim changes no match.
 */
function searchConditions(search: MemberSearch, params: Params): string[] {
  const conditions: string[] = [];
  if (search.text !== '') {
    const text = escapeLike(search.text);
    const part = params.add(`%${text}%`);
    conditions.push(`(name_lower LIKE ${part} OR email_key LIKE ${part} OR zip_lower LIKE ${params.add(`${text}%`)})`);
  }
  if (search.state !== '') conditions.push(`state = ${params.add(search.state)}`);
  // Literals rather than a parameter: the partial index on active members' states then applies.
  if (search.status === 'active') conditions.push('is_active');
  if (search.status === 'inactive') conditions.push('NOT is_active');
  return conditions;
}

const whereOf = (conditions: readonly string[]): string =>
  conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;

/** How many members the search matches. */
export function countQuery(search: MemberSearch): Statement {
  const params = new Params();
  return {
    text: `SELECT count(*) AS total FROM members${whereOf(searchConditions(search, params))}`,
    values: params.values,
  };
}

/**
 * `limit` members from `offset` of the search's order, read `backward` (the reversed order) when
 * the caller asks; the rows come back in the order read. The page's keys are found first, from
 * the order's index alone where the search allows (an index-only scan), and only those rows are
 * read whole: a deep page walks the index, not the table.
 */
export function pageQuery(
  search: MemberSearch,
  direction: 'forward' | 'backward',
  offset: number,
  limit: number,
): Statement {
  const params = new Params();
  const where = whereOf(searchConditions(search, params));
  const order = ORDER_BY[search.sort][direction];
  const text =
    `SELECT ${MEMBER_COLUMNS} FROM members JOIN (` +
    `SELECT joined_at, seq FROM members${where} ORDER BY ${order} ` +
    `LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}` +
    `) page USING (joined_at, seq) ORDER BY ${order}`;
  return { text, values: params.values };
}

/** The rows after `key` in the sort's order. */
function afterKey(sort: AdminMemberSort, key: BatchKey, params: Params): string {
  const at = `${params.add(key.joined_key)}::timestamptz`;
  const seq = params.add(key.seq);
  switch (sort) {
    case 'newest':
      return `(joined_at, seq) < (${at}, ${seq})`;
    case 'oldest':
      return `(joined_at, seq) > (${at}, ${seq})`;
    case 'name':
    case 'name-desc': {
      const name = params.add(key.name_key);
      const beyond = sort === 'name' ? '>' : '<';
      // The first condition only repeats what the second implies: the name index starts from it.
      return (
        `name_lower ${beyond}= ${name} AND ` +
        `(name_lower ${beyond} ${name} OR (name_lower = ${name} AND (joined_at, seq) < (${at}, ${seq})))`
      );
    }
  }
}

/**
 * The next batch of a search, after the last row of the one before (keyset): each batch walks the
 * order's index from where the last one ended, where an OFFSET would reread every earlier row and
 * a cursor would hold a connection and a transaction for as long as the CSV download lasts.
 */
export function batchQuery(search: MemberSearch, after: BatchKey | undefined, size: number): Statement {
  const params = new Params();
  const conditions = searchConditions(search, params);
  if (after) conditions.push(afterKey(search.sort, after, params));
  const text =
    `SELECT ${MEMBER_COLUMNS}, joined_at::text AS joined_key, seq, name_lower AS name_key FROM members` +
    `${whereOf(conditions)} ORDER BY ${ORDER_BY[search.sort].forward} LIMIT ${params.add(size)}`;
  return { text, values: params.values };
}
