/**
 * The admin list's search over the memory store's members (memoryIndexes.ts owns one per load of
 * the data). A search at 50,000 members must answer in a few milliseconds, so the orders are kept,
 * not sorted per search: newest first ('oldest' is it read backwards), and by name either way.
 * Each is built on first use (sorting 50,000 names takes ~60 ms), then kept in order as members
 * join, leave or are renamed: a binary search and a splice. A search is then one pass of
 * `memberMatches` over the order, with each member's lower-cased name and e-mail kept too
 * (searchKey: about 1 ms with search text instead of 3-4 ms lower-casing them per search, under
 * 1 ms without, at 50,000).
 */
import { compareMembers, memberMatches, searchKey, sortMembers } from './participantSearch.js';
import type { MemberSearch } from './ports.js';
import type { StoredMember } from './records.js';

/** The orders kept; 'oldest' is 'newest' read backwards. */
export type KeptOrder = 'newest' | 'name' | 'name-desc';
type Comparator = (a: StoredMember, b: StoredMember) => number;

const KEPT_ORDERS: readonly KeptOrder[] = ['newest', 'name', 'name-desc'];
const NAME_ORDERS: readonly KeptOrder[] = ['name', 'name-desc'];
const byJoinedAt = compareMembers('oldest');
const byName = compareMembers('name');
const byNameDesc = compareMembers('name-desc');

/** Inserts `item` where `compare` puts it in the sorted `list`. */
function insertSorted(list: StoredMember[], item: StoredMember, compare: Comparator): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, item) < 0) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, item);
}

export class MemberOrders {
  readonly #members: () => readonly StoredMember[];
  /** Each member's place in the member array: the base order's tie-break (the last added first). */
  readonly #sequence: WeakMap<StoredMember, number>;
  #nextSequence: number;
  readonly #orders = new Map<KeptOrder, StoredMember[]>();
  /** Each member's searchKey, made on first search; a rename drops it (e-mails never change). */
  readonly #keys = new WeakMap<StoredMember, string>();

  /**
   * Newest joinedAt first, the same instant the last added first: a total order, so a member can
   * be put in its place by a binary search. The name orders break ties by it, as a stable sort of
   * the newest-first list does (participantSearch.ts).
   */
  readonly #compare: Record<KeptOrder, Comparator> = {
    newest: (a, b) => byJoinedAt(b, a) || this.#sequenceOf(b) - this.#sequenceOf(a),
    name: (a, b) => byName(a, b) || this.#compare.newest(a, b),
    'name-desc': (a, b) => byNameDesc(a, b) || this.#compare.newest(a, b),
  };

  /** @param members The store's member array, in the order members were added. */
  constructor(members: () => readonly StoredMember[]) {
    this.#members = members;
    const current = members();
    this.#sequence = new WeakMap(current.map((m, i) => [m, i]));
    this.#nextSequence = current.length;
  }

  #sequenceOf(member: StoredMember): number {
    return this.#sequence.get(member) ?? Number.MAX_SAFE_INTEGER;
  }

  /** The members in a kept order: the live list, to read synchronously and copy from. */
  ordered(order: KeptOrder): readonly StoredMember[] {
    let list = this.#orders.get(order);
    if (!list) {
      // The array's order reversed, then a stable sort: the same instant, the last added first.
      list =
        order === 'newest'
          ? [...this.#members()].reverse().sort((a, b) => byJoinedAt(b, a))
          : sortMembers(this.ordered('newest'), order);
      this.#orders.set(order, list);
    }
    return list;
  }

  #keyOf(member: StoredMember): string {
    let key = this.#keys.get(member);
    if (key === undefined) {
      key = searchKey(member);
      this.#keys.set(member, key);
    }
    return key;
  }

  #matches(member: StoredMember, search: MemberSearch): boolean {
    return memberMatches(member, search, search.text === '' ? undefined : this.#keyOf(member));
  }

  /** Calls `visit`, synchronously, on each member the search matches, in its order. */
  forEachMatch(search: MemberSearch, visit: (member: StoredMember) => void): void {
    if (search.sort === 'oldest') {
      const list = this.ordered('newest');
      for (let i = list.length - 1; i >= 0; i -= 1) if (this.#matches(list[i]!, search)) visit(list[i]!);
    } else {
      for (const member of this.ordered(search.sort)) if (this.#matches(member, search)) visit(member);
    }
  }

  /** A member just added to the member array: the last added. */
  added(member: StoredMember): void {
    this.#sequence.set(member, this.#nextSequence++);
    this.#place(member, KEPT_ORDERS);
  }

  /** A member put back where they were in the member array (a rolled-back deletion). */
  restored(member: StoredMember): void {
    this.#place(member, KEPT_ORDERS);
  }

  removed(member: StoredMember): void {
    this.#take(member, KEPT_ORDERS);
  }

  /** Changes a member's name by `rename`, moving them in the name orders. */
  rename(member: StoredMember, rename: () => void): void {
    this.#take(member, NAME_ORDERS);
    rename();
    this.#keys.delete(member);
    this.#place(member, NAME_ORDERS);
  }

  #place(member: StoredMember, orders: readonly KeptOrder[]): void {
    for (const order of orders) {
      const list = this.#orders.get(order);
      if (list) insertSorted(list, member, this.#compare[order]);
    }
  }

  #take(member: StoredMember, orders: readonly KeptOrder[]): void {
    for (const order of orders) {
      const list = this.#orders.get(order);
      const index = list ? list.indexOf(member) : -1;
      if (index >= 0) list!.splice(index, 1);
    }
  }
}
