/**
 * The contract suite's cases for the admin's participants (docs/product/rules.md#admin-participants,
 * docs/product/api.md#admin): the paged list with its search, filters, orders and page edges;
 * correcting, deactivating and deleting a participant; the map update's preview and undo; the CSV
 * export; and the admin's password change. Run by suite.ts against every target, with its rules:
 * a fresh target per case, no seeded members assumed (the target may have some, so every case
 * searches for its own participants by a marker only they carry), cookies always sent explicitly.
 */
import { expect } from 'vitest';
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_RECENT_MEMBERS,
  ADMIN_SEARCH_MAX,
  ApiErrorBody,
  DEMO_ADMIN,
  US_STATES,
  api,
  participantsExport,
  searchFor,
  totalPeacemakers,
  type AdminMember,
  type AdminMemberPage,
  type AdminMemberQueryInput,
  type AdminMemberSort,
  type MapTotals,
  type ParticipantRequest,
  type RecalculatePreview,
  type StateParticipation,
} from '@prr/contract';
import {
  ADMIN_PAGE_SIZE_MAX,
  VALIDATION_MESSAGES,
  type World,
  allMembers,
  row,
  sessionCookie,
  type Case,
  type Expectation,
  type Flow,
  type Req,
} from './world.js';

// ---- what the cases share ------------------------------------------------------------------------

/** The list's query as a case sends it: the contract's fields, any value (bad ones included). */
type Query = Partial<Record<keyof AdminMemberQueryInput, string | number>>;

const ADMIN_SIGN_IN_NEEDED = {
  status: 401,
  code: 'unauthenticated' as const,
  message: 'Please sign in as the admin',
};
const NO_PARTICIPANT = { status: 404, code: 'not_found' as const, message: 'No participant with this id' };
const NOTHING_TO_UNDO = 'There is no map update to undo';
const MALFORMED_ID = {
  status: 400,
  code: 'validation_failed' as const,
  message: VALIDATION_MESSAGES.path,
  fields: { id: true as const },
};
/** The messages of Add Participant, which correcting one repeats (docs/product/api.md#admin). */
const MESSAGES = {
  name: 'Name must be at least 2 characters',
  zipCode: 'Zip code must be at least 5 characters',
  unknownState: 'Enter a US state name or its two-letter code',
  notOnMap: 'Washington, D.C. is not on the map: choose one of the 50 states',
  page: 'Page must be a whole number from 1',
  pageSize: `Page size must be from ${ADMIN_RECENT_MEMBERS} to 100`,
  state: 'Choose a US state',
  q: `Search text must be at most ${ADMIN_SEARCH_MAX} characters`,
  currentPassword: 'Current password is incorrect',
  newPassword: 'New password must be at least 12 characters',
} as const;
const NEW_PASSWORD = 'peace-and-patience-2026';
const CSV_HEADER = 'Name,Email,State,ZIP Code,Status,Joined\r\n';
const BOM = '\uFEFF';

/** A word no seeded member's name, e-mail or ZIP code holds: letters only, so no ZIP prefix matches it. */
function newMarker(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return `zq${Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => letters[byte % 26]).join('')}`;
}

/**
 * The admin of one case: their session, the case's marker, and the participants they added (in
 * order), kept per World so a row's request and its checks share them.
 */
class AdminDesk {
  readonly marker = newMarker();
  readonly added: AdminMember[] = [];

  constructor(
    readonly w: World,
    readonly cookie: string,
  ) {}

  /** Adds `Name <marker>` (Wyoming, 82001 unless overridden), with an address only this case uses. */
  async add(name: string, overrides: Partial<ParticipantRequest> = {}): Promise<AdminMember> {
    const local = name.toLowerCase().replace(/[^a-z]+/g, '') || 'participant';
    const input: ParticipantRequest = {
      name: `${name} ${this.marker}`,
      email: `${local}${this.added.length}.${this.marker}@example.org`,
      state: 'WY',
      zipCode: '82001',
      ...overrides,
    };
    const added = await this.w.ok(api.addParticipant, { cookie: this.cookie, json: input });
    this.added.push(added);
    return added;
  }

  /** Adds `count` participants named 'Member 01 <marker>' onwards, oldest first. */
  async addMany(count: number): Promise<AdminMember[]> {
    for (let i = 1; i <= count; i += 1) await this.add(`Member ${String(i).padStart(2, '0')}`);
    return this.added;
  }

  /** The participant added as `name` (without the marker). */
  named(name: string): AdminMember {
    const found = this.added.find((m) => m.name === `${name} ${this.marker}`);
    if (!found) throw new Error(`no participant '${name}' was added in this case`);
    return found;
  }

  list(query: Query = {}): Promise<AdminMemberPage> {
    return this.w.ok(api.adminMembers, { cookie: this.cookie, query });
  }

  /** This case's participants that the query shows (one page of at most 100). */
  mine(query: Query = {}): Promise<AdminMemberPage> {
    return this.list({ q: this.marker, pageSize: ADMIN_PAGE_SIZE_MAX, ...query });
  }

  /** The names a page lists, without the marker. */
  names(page: AdminMemberPage): string[] {
    return page.items.map((m) => m.name.replace(` ${this.marker}`, ''));
  }

  req(req: Req = {}): Req {
    return { ...req, cookie: this.cookie };
  }

  setActive(member: AdminMember, isActive: boolean): Promise<AdminMember> {
    return this.w.ok(api.setParticipantStatus, { cookie: this.cookie, params: { id: member.id }, json: { isActive } });
  }

  stats() {
    return this.w.ok(api.adminStats, { cookie: this.cookie });
  }

  preview(): Promise<RecalculatePreview> {
    return this.w.ok(api.recalculatePreview, { cookie: this.cookie });
  }
}

const desks = new WeakMap<World, AdminDesk>();

/** The case's admin desk, signing in on first use. */
async function deskOf(w: World): Promise<AdminDesk> {
  let desk = desks.get(w);
  if (!desk) {
    desk = new AdminDesk(w, await w.login());
    desks.set(w, desk);
  }
  return desk;
}

/** Rows whose request needs the desk: `setUp` adds what the case needs and answers the request. */
const withDesk =
  (setUp: (desk: AdminDesk) => Req | Promise<Req>) =>
  async (w: World): Promise<Req> =>
    setUp(await deskOf(w));

/** A map table's headline: its peacemakers and the states with at least one. */
function totalsOf(states: readonly StateParticipation[]): MapTotals {
  return { peacemakers: totalPeacemakers(states), states: states.filter((s) => s.peacemakers >= 1).length };
}

/** The 50 states of the map (D.C. has no shape on it). */
const MAP_STATES = new Set(Object.keys(US_STATES).filter((name) => name !== 'District of Columbia'));

/**
 * What 'Update Map' would make of these members (docs/product/rules.md#the-map): every active
 * member with one of the map's 50 states counts once, in their state.
 */
function activeTotals(members: readonly AdminMember[]): MapTotals {
  const counted = members.filter((m) => m.isActive && MAP_STATES.has(m.state));
  return { peacemakers: counted.length, states: new Set(counted.map((m) => m.state)).size };
}

function activeIn(members: readonly AdminMember[], state: string): number {
  return members.filter((m) => m.isActive && m.state === state).length;
}

/** A 400 for a query the list's schema refuses, naming the one field; `true` for "some message". */
function refusedQuery(
  field: keyof AdminMemberQueryInput,
  message: string | true,
): Expectation<typeof api.adminMembers> {
  const base = { status: 400, code: 'validation_failed' as const, message: VALIDATION_MESSAGES.query };
  return message === true ? { ...base, fields: { [field]: true } } : { ...base, exactFields: { [field]: [message] } };
}

/** A 400 for a body the route's schema refuses, naming the one field. */
const refusedBody = (field: string, message: string) => ({
  status: 400,
  code: 'validation_failed' as const,
  message: VALIDATION_MESSAGES.body,
  exactFields: { [field]: [message] },
});

/** A 400 for a rule the body breaks beyond its shape, on the one field. */
const refusedByRule = (field: string, message: string) => ({
  status: 400,
  code: 'validation_failed' as const,
  message: VALIDATION_MESSAGES.rule,
  exactFields: { [field]: [message] },
});

const unknownId = () => ({ id: crypto.randomUUID() });

// ---- the CSV export (outside the `api` table) ----------------------------------------------------

interface CsvAnswer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  /** The body as UTF-8 with the byte-order mark kept (Response.text() would drop it). */
  text: string;
}

async function exportCsv(w: World, query: Query, cookie?: string): Promise<CsvAnswer> {
  const res = await fetch(w.target.baseUrl + participantsExport.path + searchFor(query), {
    method: participantsExport.method,
    headers: cookie ? { Cookie: cookie } : {},
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
  };
}

/** The export's row for a participant whose cells need neither quotes nor an apostrophe. */
function plainCsvRow(m: AdminMember): string {
  return `${[m.name, m.email, m.state, m.zipCode, m.isActive ? 'Active' : 'Inactive', m.joinedAt].join(',')}\r\n`;
}

/** The export's data rows, after the mark and the header row. */
function csvRows(answer: CsvAnswer): string[] {
  expect(answer.text.startsWith(BOM + CSV_HEADER), JSON.stringify(answer.text.slice(0, 80))).toBe(true);
  const rest = answer.text.slice(BOM.length + CSV_HEADER.length);
  return rest === '' ? [] : rest.split(/(?<=\r\n)/);
}

// ---- the list ------------------------------------------------------------------------------------

/** Five participants whose names sort differently from the order they were added in. */
const SORT_NAMES = ['Carla', 'alex', 'dan', 'Bea', 'Alex'];
/**
 * Each order of them. Names compare in any case; 'alex' and 'Alex' tie, and a tie lists the newer
 * first in both name orders (docs/product/api.md#admin).
 */
const SORTED: Record<AdminMemberSort, string[]> = {
  newest: ['Alex', 'Bea', 'dan', 'alex', 'Carla'],
  oldest: ['Carla', 'alex', 'dan', 'Bea', 'Alex'],
  name: ['Alex', 'alex', 'Bea', 'Carla', 'dan'],
  'name-desc': ['dan', 'Carla', 'Bea', 'Alex', 'alex'],
};

const sortRows = (Object.keys(SORTED) as AdminMemberSort[]).map((sort) =>
  row(
    api.adminMembers,
    `orders by '${sort}'`,
    withDesk(async (desk) => {
      for (const name of SORT_NAMES) await desk.add(name);
      return desk.req({ query: { q: desk.marker, sort } });
    }),
    {
      status: 200,
      then: async (page, w) => expect((await deskOf(w)).names(page)).toEqual(SORTED[sort]),
    },
  ),
);

const listRows: Case[] = [
  row(
    api.adminMembers,
    `answers the first page: ${ADMIN_PAGE_SIZE_DEFAULT} participants, newest first, and the total of all`,
    withDesk(async (desk) => {
      await desk.addMany(ADMIN_PAGE_SIZE_DEFAULT + 1);
      return desk.req();
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        const stats = await desk.stats();
        expect({ ...page, items: [] }).toStrictEqual({
          items: [],
          total: stats.totalMembers,
          page: 1,
          pageSize: ADMIN_PAGE_SIZE_DEFAULT,
        });
        expect(page.total).toBeGreaterThanOrEqual(ADMIN_PAGE_SIZE_DEFAULT + 1);
        // The newest 25 of the 26 just added, newest first, exactly as adding them answered.
        expect(page.items).toStrictEqual(desk.added.slice(1).reverse());
      },
    },
  ),
  row(
    api.adminMembers,
    `answers the newest ${ADMIN_RECENT_MEMBERS} and the total for the dashboard's Recent Participants card`,
    withDesk(async (desk) => {
      await desk.addMany(ADMIN_RECENT_MEMBERS + 1);
      return desk.req({ query: { pageSize: ADMIN_RECENT_MEMBERS } });
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        expect(page.items).toStrictEqual(desk.added.slice(1).reverse());
        expect(page.total).toBe((await desk.stats()).totalMembers);
        expect(page.pageSize).toBe(ADMIN_RECENT_MEMBERS);
        expect(page.page).toBe(1);
      },
    },
  ),
  row(
    api.adminMembers,
    'finds a participant by part of the name, in any case',
    withDesk(async (desk) => {
      await desk.add('Harriet Quill');
      await desk.add('Bob Stone');
      return desk.req({ query: { q: `RRIET QUILL ${desk.marker.toUpperCase()}` } });
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        expect(page.items).toStrictEqual([desk.named('Harriet Quill')]);
        expect(page.total).toBe(1);
      },
    },
  ),
  row(
    api.adminMembers,
    'finds a participant by part of the e-mail, in any case',
    withDesk(async (desk) => {
      await desk.add('Harriet Quill');
      await desk.add('Bob Stone', { email: `Bob.Stone.${desk.marker}@Example.org` });
      return desk.req({ query: { q: `stone.${desk.marker}@example` } });
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        const bob = desk.named('Bob Stone');
        expect(bob.email).toBe(`Bob.Stone.${desk.marker}@Example.org`);
        expect(page.items).toStrictEqual([bob]);
        expect(page.total).toBe(1);
        expect((await desk.list({ q: `B.STONE.${desk.marker.toUpperCase()}` })).items).toStrictEqual([bob]);
      },
    },
  ),
  row(
    api.adminMembers,
    'finds participants by the start of the ZIP code, and not by digits inside it',
    withDesk(async (desk) => {
      await desk.add('Zip Start', { zipCode: '59901' });
      await desk.add('Zip Inside', { zipCode: '15990' });
      return desk.req({ query: { q: '5990' } });
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        expect(page.items).toStrictEqual([desk.named('Zip Start')]);
        expect(page.total).toBe(1);
      },
    },
  ),
  row(
    api.adminMembers,
    'filters by state, given its name',
    withDesk(async (desk) => {
      await desk.add('Tex One', { state: 'TX', zipCode: '73301' });
      await desk.add('York One', { state: 'NY', zipCode: '10001' });
      await desk.add('Tex Two', { state: 'texas', zipCode: '75201' });
      return desk.req({ query: { q: desk.marker, state: 'Texas' } });
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        expect(desk.names(page)).toEqual(['Tex Two', 'Tex One']);
        expect(page.items.map((m) => m.state)).toEqual(['Texas', 'Texas']);
        expect(page.total).toBe(2);
      },
    },
  ),
  row(
    api.adminMembers,
    "filters by state, given its two-letter code in any case ('tx')",
    withDesk(async (desk) => {
      await desk.add('Tex One', { state: 'TX', zipCode: '73301' });
      await desk.add('York One', { state: 'NY', zipCode: '10001' });
      await desk.add('Tex Two', { state: 'Texas', zipCode: '75201' });
      return desk.req({ query: { q: desk.marker, state: 'tx' } });
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        expect(desk.names(page)).toEqual(['Tex Two', 'Tex One']);
        expect(page.total).toBe(2);
        // Without a search, every participant listed is in Texas, this case's two among them.
        const texas = await desk.list({ state: 'tx', pageSize: ADMIN_PAGE_SIZE_MAX });
        expect(new Set(texas.items.map((m) => m.state))).toEqual(new Set(['Texas']));
        expect(texas.items.map((m) => m.id)).toEqual(expect.arrayContaining(page.items.map((m) => m.id)));
      },
    },
  ),
  row(
    api.adminMembers,
    'filters by status: active, inactive, or all (the default)',
    withDesk(async (desk) => {
      await desk.add('Stays Active');
      await desk.setActive(await desk.add('Gone Quiet'), false);
      await desk.add('Also Active');
      return desk.req({ query: { q: desk.marker, status: 'inactive' } });
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        expect(desk.names(page)).toEqual(['Gone Quiet']);
        expect(page.items[0]?.isActive).toBe(false);
        expect(page.total).toBe(1);
        const active = await desk.mine({ status: 'active' });
        expect(desk.names(active)).toEqual(['Also Active', 'Stays Active']);
        expect(active.total).toBe(2);
        expect(desk.names(await desk.mine({ status: 'all' }))).toEqual(['Also Active', 'Gone Quiet', 'Stays Active']);
        expect(desk.names(await desk.mine())).toEqual(['Also Active', 'Gone Quiet', 'Stays Active']);
      },
    },
  ),
  ...sortRows,

  // -- page edges
  row(
    api.adminMembers,
    'answers no items and a total of 0 when nothing matches',
    withDesk((desk) => desk.req({ query: { q: `nobody ${desk.marker}` } })),
    {
      status: 200,
      then: (page) => expect(page).toStrictEqual({ items: [], total: 0, page: 1, pageSize: ADMIN_PAGE_SIZE_DEFAULT }),
    },
  ),
  row(
    api.adminMembers,
    'answers exactly one page when the matches fill it, and nothing on the next',
    withDesk(async (desk) => {
      await desk.addMany(10);
      return desk.req({ query: { q: desk.marker, pageSize: 10 } });
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        expect(page).toStrictEqual({ items: [...desk.added].reverse(), total: 10, page: 1, pageSize: 10 });
        expect(await desk.list({ q: desk.marker, pageSize: 10, page: 2 })).toStrictEqual({
          items: [],
          total: 10,
          page: 2,
          pageSize: 10,
        });
      },
    },
  ),
  row(
    api.adminMembers,
    'answers the last page with the few that are left',
    withDesk(async (desk) => {
      await desk.addMany(12);
      return desk.req({ query: { q: desk.marker, pageSize: 10, page: 2 } });
    }),
    {
      status: 200,
      then: async (page, w) => {
        const desk = await deskOf(w);
        // Newest first: the second page holds the two added first.
        expect(page).toStrictEqual({ items: desk.added.slice(0, 2).reverse(), total: 12, page: 2, pageSize: 10 });
      },
    },
  ),
  row(
    api.adminMembers,
    'answers no items for a page past the last, with the total kept',
    withDesk(async (desk) => {
      await desk.addMany(12);
      return desk.req({ query: { q: desk.marker, pageSize: 10, page: 3 } });
    }),
    {
      status: 200,
      then: (page) => expect(page).toStrictEqual({ items: [], total: 12, page: 3, pageSize: 10 }),
    },
  ),

  // -- search text taken literally
  row(
    api.adminMembers,
    "takes '%' in the search text literally",
    withDesk(async (desk) => {
      await desk.add('Fifty% Sure');
      await desk.add('FiftyX Sure');
      return desk.req({ query: { q: `y% sure ${desk.marker}` } });
    }),
    {
      status: 200,
      then: async (page, w) => expect((await deskOf(w)).names(page)).toEqual(['Fifty% Sure']),
    },
  ),
  row(
    api.adminMembers,
    "takes '_' in the search text literally",
    withDesk(async (desk) => {
      await desk.add('Ann_Lee');
      await desk.add('AnnXLee');
      return desk.req({ query: { q: `ann_lee ${desk.marker}` } });
    }),
    {
      status: 200,
      then: async (page, w) => expect((await deskOf(w)).names(page)).toEqual(['Ann_Lee']),
    },
  ),
  row(
    api.adminMembers,
    "takes '\\' in the search text literally",
    withDesk(async (desk) => {
      await desk.add('Back\\slash');
      await desk.add('Backslash');
      return desk.req({ query: { q: `k\\slash ${desk.marker}` } });
    }),
    {
      status: 200,
      then: async (page, w) => expect((await deskOf(w)).names(page)).toEqual(['Back\\slash']),
    },
  ),

  // -- a query the schema refuses
  row(
    api.adminMembers,
    'refuses page 0',
    withDesk((d) => d.req({ query: { page: 0 } })),
    refusedQuery('page', MESSAGES.page),
  ),
  row(
    api.adminMembers,
    'refuses a page that is not a number',
    withDesk((d) => d.req({ query: { page: 'abc' } })),
    refusedQuery('page', MESSAGES.page),
  ),
  row(
    api.adminMembers,
    `refuses a page size under ${ADMIN_RECENT_MEMBERS}`,
    withDesk((d) => d.req({ query: { pageSize: 5 } })),
    refusedQuery('pageSize', MESSAGES.pageSize),
  ),
  row(
    api.adminMembers,
    'refuses a page size over 100',
    withDesk((d) => d.req({ query: { pageSize: 101 } })),
    refusedQuery('pageSize', MESSAGES.pageSize),
  ),
  row(
    api.adminMembers,
    'refuses a state that does not exist',
    withDesk((d) => d.req({ query: { state: 'Narnia' } })),
    refusedQuery('state', MESSAGES.state),
  ),
  row(
    api.adminMembers,
    'refuses an unknown status',
    withDesk((d) => d.req({ query: { status: 'gone' } })),
    refusedQuery('status', true),
  ),
  row(
    api.adminMembers,
    'refuses an unknown order',
    withDesk((d) => d.req({ query: { sort: 'wrong' } })),
    refusedQuery('sort', true),
  ),
  row(
    api.adminMembers,
    `refuses search text over ${ADMIN_SEARCH_MAX} characters`,
    withDesk((d) => d.req({ query: { q: 'a'.repeat(ADMIN_SEARCH_MAX + 1) } })),
    refusedQuery('q', MESSAGES.q),
  ),
  row(api.adminMembers, 'refuses a request without a session', () => ({ query: { q: 'a' } }), ADMIN_SIGN_IN_NEEDED),
];

// ---- correcting, deactivating, deleting -----------------------------------------------------------

/** A request correcting the case's participant 'Riley Chen' (added first). */
const correction = (body: Partial<ParticipantRequest>) =>
  withDesk(async (desk) => {
    const riley = await desk.add('Riley Chen');
    return desk.req({
      params: { id: riley.id },
      json: { name: riley.name, state: riley.state, zipCode: riley.zipCode, ...body },
    });
  });

const editRows: Case[] = [
  row(
    api.updateParticipant,
    "corrects the name, the state (a code becomes the state's name) and the ZIP code, and the list shows it",
    withDesk(async (desk) => {
      const riley = await desk.add('Riley Chen');
      return desk.req({
        params: { id: riley.id },
        json: { name: `Riley Chen-Park ${desk.marker}`, state: 'tx', zipCode: '73301' },
      });
    }),
    {
      status: 200,
      then: async (corrected, w) => {
        const desk = await deskOf(w);
        const [riley] = desk.added;
        expect(corrected).toStrictEqual({
          ...riley,
          name: `Riley Chen-Park ${desk.marker}`,
          state: 'Texas',
          zipCode: '73301',
        });
        expect((await desk.mine()).items).toStrictEqual([corrected]);
      },
    },
  ),
  row(
    api.updateParticipant,
    'refuses a one-letter name',
    correction({ name: 'R' }),
    refusedBody('name', MESSAGES.name),
  ),
  row(
    api.updateParticipant,
    'refuses a ZIP code under 5 characters',
    correction({ zipCode: '820' }),
    refusedBody('zipCode', MESSAGES.zipCode),
  ),
  row(
    api.updateParticipant,
    'refuses a state that does not exist',
    correction({ state: 'Atlantis' }),
    refusedByRule('state', MESSAGES.unknownState),
  ),
  row(
    api.updateParticipant,
    'refuses Washington, D.C., which the map does not show',
    correction({ state: 'DC' }),
    refusedByRule('state', MESSAGES.notOnMap),
  ),
  row(
    api.updateParticipant,
    'answers 404 for an id no participant has',
    withDesk((desk) => desk.req({ params: unknownId(), json: { name: 'Riley Chen', state: 'WY', zipCode: '82001' } })),
    NO_PARTICIPANT,
  ),
  row(
    api.updateParticipant,
    'refuses an id that is not one',
    withDesk((desk) =>
      desk.req({ params: { id: 'not-an-id' }, json: { name: 'Riley Chen', state: 'WY', zipCode: '82001' } }),
    ),
    MALFORMED_ID,
  ),
  row(
    api.updateParticipant,
    'refuses a request without a session',
    () => ({ params: unknownId(), json: { name: 'Riley Chen', state: 'WY', zipCode: '82001' } }),
    ADMIN_SIGN_IN_NEEDED,
  ),

  row(
    api.setParticipantStatus,
    'deactivates a participant: the list shows them among the inactive',
    withDesk(async (desk) => {
      const riley = await desk.add('Riley Chen');
      return desk.req({ params: { id: riley.id }, json: { isActive: false } });
    }),
    {
      status: 200,
      then: async (answer, w) => {
        const desk = await deskOf(w);
        expect(answer).toStrictEqual({ ...desk.added[0], isActive: false });
        expect((await desk.mine({ status: 'inactive' })).items).toStrictEqual([answer]);
        expect((await desk.mine({ status: 'active' })).items).toEqual([]);
      },
    },
  ),
  row(
    api.setParticipantStatus,
    'reactivates a deactivated participant',
    withDesk(async (desk) => {
      const riley = await desk.add('Riley Chen');
      await desk.setActive(riley, false);
      return desk.req({ params: { id: riley.id }, json: { isActive: true } });
    }),
    {
      status: 200,
      then: async (answer, w) => {
        const desk = await deskOf(w);
        expect(answer).toStrictEqual(desk.added[0]);
        expect((await desk.mine({ status: 'active' })).items).toStrictEqual([answer]);
        expect((await desk.mine({ status: 'inactive' })).items).toEqual([]);
      },
    },
  ),
  row(
    api.setParticipantStatus,
    'refuses a status that is not true or false',
    withDesk(async (desk) => desk.req({ params: { id: (await desk.add('Riley Chen')).id }, json: { isActive: 'no' } })),
    { status: 400, code: 'validation_failed', message: VALIDATION_MESSAGES.body, fields: { isActive: true } },
  ),
  row(
    api.setParticipantStatus,
    'answers 404 for an id no participant has',
    withDesk((desk) => desk.req({ params: unknownId(), json: { isActive: false } })),
    NO_PARTICIPANT,
  ),
  row(
    api.setParticipantStatus,
    'refuses an id that is not one',
    withDesk((desk) => desk.req({ params: { id: 'not-an-id' }, json: { isActive: false } })),
    MALFORMED_ID,
  ),
  row(
    api.setParticipantStatus,
    'refuses a request without a session',
    () => ({ params: unknownId(), json: { isActive: false } }),
    ADMIN_SIGN_IN_NEEDED,
  ),

  row(
    api.deleteParticipant,
    'deletes a member: gone from the list and the count, their session ends, and their address can join again as someone new',
    async (w) => {
      await w.join({ name: 'Dee Parted', email: w.email('deleted') });
      const desk = await deskOf(w);
      return desk.req({ params: { id: w.lastMember!.id } });
    },
    {
      status: 200,
      then: async (answer, w) => {
        const desk = await deskOf(w);
        const gone = w.lastMember!;
        expect(answer).toStrictEqual({ deleted: true });
        expect(await desk.list({ q: gone.email })).toStrictEqual({
          items: [],
          total: 0,
          page: 1,
          pageSize: ADMIN_PAGE_SIZE_DEFAULT,
        });
        expect((await allMembers(w, desk.cookie)).map((m) => m.id)).not.toContain(gone.id);
        const before = (await desk.stats()).totalMembers;
        // Their own browser's session ended with them.
        const me = await w.call(api.me, { cookie: gone.cookie });
        expect(me.status, JSON.stringify(me.body)).toBe(401);
        expect(ApiErrorBody.parse(me.body).error.code).toBe('unauthenticated');
        // Deleted once: a second delete finds nobody.
        const again = await w.call(api.deleteParticipant, desk.req({ params: { id: gone.id } }));
        expect(again.status).toBe(404);
        // The address joins again, as a new member with a new id and a new session.
        const rejoined = await w.join({ name: 'Dee Returns', email: gone.email });
        expect(rejoined.id).not.toBe(gone.id);
        expect(rejoined.levelProgressPoints).toBe(gone.levelProgressPoints);
        expect((await desk.list({ q: gone.email })).items.map((m) => [m.id, m.name])).toEqual([
          [rejoined.id, 'Dee Returns'],
        ]);
        expect((await desk.stats()).totalMembers).toBe(before + 1);
      },
    },
  ),
  row(
    api.deleteParticipant,
    'answers 404 for an id no participant has',
    withDesk((desk) => desk.req({ params: unknownId() })),
    NO_PARTICIPANT,
  ),
  row(
    api.deleteParticipant,
    'refuses an id that is not one',
    withDesk((desk) => desk.req({ params: { id: 'not-an-id' } })),
    MALFORMED_ID,
  ),
  row(
    api.deleteParticipant,
    'refuses a request without a session',
    () => ({ params: unknownId() }),
    ADMIN_SIGN_IN_NEEDED,
  ),
];

// ---- the map update: preview and undo ---------------------------------------------------------------

/** The map table of a case before its update, for the undo row's checks. */
const mapBefore = new WeakMap<World, StateParticipation[]>();

const mapRows: Case[] = [
  row(
    api.recalculatePreview,
    "answers the map's totals today, the active members' totals that would replace them, and no undo at first",
    withDesk(async (desk) => {
      await desk.add('Wyo Ming');
      return desk.req();
    }),
    {
      status: 200,
      then: async (preview, w) => {
        const desk = await deskOf(w);
        expect(preview).toStrictEqual({
          current: totalsOf(await w.ok(api.mapStates)),
          recalculated: activeTotals(await allMembers(w, desk.cookie)),
          undoAvailable: false,
        });
      },
    },
  ),
  row(api.recalculatePreview, 'refuses a request without a session', () => ({}), ADMIN_SIGN_IN_NEEDED),

  row(
    api.undoRecalculateStates,
    'puts back the exact table the last update replaced, once',
    async (w) => {
      const desk = await deskOf(w);
      await desk.add('Wyo Ming');
      mapBefore.set(w, await w.ok(api.mapStates));
      const updated = await w.ok(api.recalculateStates, desk.req());
      // The update changed the map, so the undo has something to put back.
      expect(updated.states).not.toEqual(mapBefore.get(w));
      expect((await desk.preview()).undoAvailable).toBe(true);
      return desk.req();
    },
    {
      status: 200,
      then: async (undone, w) => {
        const desk = await deskOf(w);
        const before = mapBefore.get(w)!;
        expect(undone.states).toStrictEqual(before);
        expect(await w.ok(api.mapStates)).toStrictEqual(before);
        expect(undone.stats).toStrictEqual(await desk.stats());
        expect(undone.stats.totalParticipation).toBe(totalPeacemakers(before));
        expect((await desk.preview()).undoAvailable).toBe(false);
        const again = await w.call(api.undoRecalculateStates, desk.req());
        expect(again.status, JSON.stringify(again.body)).toBe(409);
        expect(ApiErrorBody.parse(again.body).error).toMatchObject({ code: 'conflict', message: NOTHING_TO_UNDO });
        expect(await w.ok(api.mapStates)).toStrictEqual(before);
      },
    },
  ),
  row(
    api.undoRecalculateStates,
    'refuses an undo before any update',
    withDesk((desk) => desk.req()),
    {
      status: 409,
      code: 'conflict',
      message: NOTHING_TO_UNDO,
    },
  ),
  row(api.undoRecalculateStates, 'refuses a request without a session', () => ({}), ADMIN_SIGN_IN_NEEDED),
];

// ---- the admin's password ---------------------------------------------------------------------------

const passwordRows: Case[] = [
  row(
    api.changeAdminPassword,
    'changes the password: the new one signs in, the old one no longer does, and the demo box goes',
    withDesk((desk) => desk.req({ json: { currentPassword: DEMO_ADMIN.password, newPassword: NEW_PASSWORD } })),
    {
      status: 200,
      then: async (answer, w, res) => {
        expect(answer).toStrictEqual({ changed: true });
        // This browser goes on with a fresh session (docs/product/api.md#admin).
        const fresh = sessionCookie(res.headers)?.split(';')[0];
        expect(fresh).toMatch(/^prr_admin=[^;]+$/);
        expect((await w.ok(api.adminSession, { cookie: fresh })).admin.email).toBe(DEMO_ADMIN.email);

        const old = await w.call(api.adminLogin, { json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
        expect(old.status, JSON.stringify(old.body)).toBe(401);
        expect(ApiErrorBody.parse(old.body).error).toMatchObject({
          code: 'unauthenticated',
          message: 'Invalid credentials',
        });
        const renewed = await w.call(api.adminLogin, { json: { email: DEMO_ADMIN.email, password: NEW_PASSWORD } });
        expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
        expect(api.adminLogin.response.parse(renewed.body).admin.email).toBe(DEMO_ADMIN.email);
        expect((await w.ok(api.adminLoginInfo)).demoCredentials).toBeNull();
      },
    },
  ),
  row(
    api.changeAdminPassword,
    'refuses a wrong current password, on that field',
    withDesk((desk) => desk.req({ json: { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD } })),
    refusedByRule('currentPassword', MESSAGES.currentPassword),
  ),
  row(
    api.changeAdminPassword,
    'refuses a new password of 11 characters',
    withDesk((desk) => desk.req({ json: { currentPassword: DEMO_ADMIN.password, newPassword: 'elevenchars' } })),
    refusedBody('newPassword', MESSAGES.newPassword),
  ),
  row(
    api.changeAdminPassword,
    'refuses a request without a session',
    () => ({ json: { currentPassword: DEMO_ADMIN.password, newPassword: NEW_PASSWORD } }),
    ADMIN_SIGN_IN_NEEDED,
  ),
];

export const adminParticipantCases: Case[] = [...listRows, ...editRows, ...mapRows, ...passwordRows];

// ---- flows ----------------------------------------------------------------------------------------

export const adminParticipantFlows: Flow[] = [
  {
    title: 'a refused correction changes nothing',
    async run(w) {
      const desk = await deskOf(w);
      const riley = await desk.add('Riley Chen');
      for (const body of [
        { name: 'R', state: 'TX', zipCode: '73301' },
        { name: 'Riley Park', state: 'TX', zipCode: '733' },
        { name: 'Riley Park', state: 'Atlantis', zipCode: '73301' },
        { name: 'Riley Park', state: 'DC', zipCode: '20001' },
      ]) {
        const res = await w.call(api.updateParticipant, desk.req({ params: { id: riley.id }, json: body }));
        expect(res.status, JSON.stringify(res.body)).toBe(400);
      }
      expect((await desk.mine()).items).toStrictEqual([riley]);
    },
  },
  {
    title: "the map update's preview shows what the update then writes, and undo is offered after it",
    async run(w) {
      const desk = await deskOf(w);
      await desk.add('Wyo Ming');
      await desk.add('Tex As', { state: 'TX', zipCode: '73301' });
      const before = await w.ok(api.mapStates);
      const preview = await desk.preview();
      expect(preview.current).toStrictEqual(totalsOf(before));
      expect(preview.undoAvailable).toBe(false);

      const result = await w.ok(api.recalculateStates, desk.req());
      expect(totalsOf(result.states)).toStrictEqual(preview.recalculated);
      expect(await w.ok(api.mapStates)).toStrictEqual(result.states);
      const members = await allMembers(w, desk.cookie);
      for (const record of result.states)
        expect(record.peacemakers, record.state).toBe(activeIn(members, record.state));

      expect(await desk.preview()).toStrictEqual({
        current: preview.recalculated,
        recalculated: preview.recalculated,
        undoAvailable: true,
      });
    },
  },
  {
    title:
      "a deactivated participant is not counted by the map update's preview nor by the update; reactivated, they are",
    async run(w) {
      const desk = await deskOf(w);
      await desk.add('Wyo One');
      const quiet = await desk.add('Wyo Two');
      const withBoth = await desk.preview();

      await desk.setActive(quiet, false);
      const without = await desk.preview();
      expect(without.recalculated.peacemakers).toBe(withBoth.recalculated.peacemakers - 1);
      const result = await w.ok(api.recalculateStates, desk.req());
      expect(totalPeacemakers(result.states)).toBe(withBoth.recalculated.peacemakers - 1);
      const wyoming = result.states.find((s) => s.state === 'Wyoming');
      const members = await allMembers(w, desk.cookie);
      expect(members.find((m) => m.id === quiet.id)?.isActive).toBe(false);
      expect(wyoming?.peacemakers).toBe(activeIn(members, 'Wyoming'));
      expect((await w.ok(api.mapStates)).find((s) => s.state === 'Wyoming')).toStrictEqual(wyoming);

      await desk.setActive(quiet, true);
      expect((await desk.preview()).recalculated).toStrictEqual(withBoth.recalculated);
      const again = await w.ok(api.recalculateStates, desk.req());
      expect(again.states.find((s) => s.state === 'Wyoming')?.peacemakers).toBe(wyoming!.peacemakers + 1);
    },
  },
  {
    title: "a password change ends the admin's other sessions",
    async run(w) {
      const desk = await deskOf(w);
      const other = await w.login();
      expect(other).not.toBe(desk.cookie);
      await w.ok(
        api.changeAdminPassword,
        desk.req({ json: { currentPassword: DEMO_ADMIN.password, newPassword: NEW_PASSWORD } }),
      );
      const res = await w.call(api.adminSession, { cookie: other });
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(ApiErrorBody.parse(res.body).error.code).toBe('unauthenticated');
    },
  },
  {
    title: 'a refused password change leaves the password as it was',
    async run(w) {
      const desk = await deskOf(w);
      for (const json of [
        { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD },
        { currentPassword: DEMO_ADMIN.password, newPassword: 'elevenchars' },
      ]) {
        const res = await w.call(api.changeAdminPassword, desk.req({ json }));
        expect(res.status, JSON.stringify(res.body)).toBe(400);
      }
      const renewed = await w.call(api.adminLogin, { json: { email: DEMO_ADMIN.email, password: NEW_PASSWORD } });
      expect(renewed.status).toBe(401);
      await w.login();
    },
  },

  // -- the CSV export
  {
    title: 'the export is a UTF-8 CSV attachment: byte-order mark, the header row, then one CRLF row per participant',
    async run(w) {
      const desk = await deskOf(w);
      await desk.add('Cora Export');
      const answer = await exportCsv(w, {}, desk.cookie);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('content-type')).toBe(participantsExport.contentType);
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${participantsExport.filename}"`);
      expect([...answer.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(answer.text.startsWith(`${BOM}Name,Email,State,ZIP Code,Status,Joined\r\n`)).toBe(true);
      const rows = csvRows(answer);
      expect(rows).toHaveLength((await desk.stats()).totalMembers);
      for (const line of rows) expect(line.endsWith('\r\n'), JSON.stringify(line)).toBe(true);
      // Newest first by default, as the list.
      expect(rows[0]).toBe(plainCsvRow(desk.named('Cora Export')));
    },
  },
  {
    title: 'the export sends what the filter shows (search, state, status) in the chosen order',
    async run(w) {
      const desk = await deskOf(w);
      const dana = await desk.add('Dana Tex', { state: 'TX', zipCode: '73301' });
      const carl = await desk.add('carl Tex', { state: 'tx', zipCode: '75201' });
      await desk.setActive(await desk.add('Bo Tex', { state: 'Texas', zipCode: '77001' }), false);
      await desk.add('Abe York', { state: 'NY', zipCode: '10001' });

      const filter = { q: desk.marker, state: 'tx', status: 'active' };
      const byName = await exportCsv(w, { ...filter, sort: 'name' }, desk.cookie);
      expect(byName.status, byName.text).toBe(200);
      expect(byName.text).toBe(BOM + CSV_HEADER + plainCsvRow(carl) + plainCsvRow(dana));
      const byNameDesc = await exportCsv(w, { ...filter, sort: 'name-desc' }, desk.cookie);
      expect(csvRows(byNameDesc)).toEqual([plainCsvRow(dana), plainCsvRow(carl)]);
      // The same participants, in the same order, as the list with that filter shows.
      const listed = await desk.mine({ state: 'tx', status: 'active', sort: 'name' });
      expect(csvRows(byName)).toEqual(listed.items.map(plainCsvRow));

      const inactive = await exportCsv(w, { q: desk.marker, status: 'inactive' }, desk.cookie);
      expect(csvRows(inactive)).toEqual([plainCsvRow({ ...desk.named('Bo Tex'), isActive: false })]);
      expect(csvRows(inactive)[0]).toContain(',Inactive,');
    },
  },
  {
    title: 'the export quotes a name with a comma and a double quote, RFC 4180 style',
    async run(w) {
      const desk = await deskOf(w);
      const lee = await desk.add('Lee, "Scratch" Perry');
      const answer = await exportCsv(w, { q: desk.marker }, desk.cookie);
      expect(csvRows(answer)).toEqual([
        `"Lee, ""Scratch"" Perry ${desk.marker}",${lee.email},Wyoming,82001,Active,${lee.joinedAt}\r\n`,
      ]);
    },
  },
  {
    title: 'the export puts an apostrophe before a name a spreadsheet would run as a formula (=, +, -, @)',
    async run(w) {
      const desk = await deskOf(w);
      for (const name of ['=1+2', '+Plus', '-Minus', '@Handle']) await desk.add(name);
      const answer = await exportCsv(w, { q: desk.marker, sort: 'oldest' }, desk.cookie);
      expect(answer.status, answer.text).toBe(200);
      expect(csvRows(answer)).toEqual(
        desk.added.map((m) => `'${m.name},${m.email},Wyoming,82001,Active,${m.joinedAt}\r\n`),
      );
    },
  },
  {
    title: 'the export answers 401 without a session',
    async run(w) {
      const answer = await exportCsv(w, {});
      expect(answer.status, answer.text).toBe(401);
      expect(ApiErrorBody.parse(JSON.parse(answer.text))).toStrictEqual({
        error: { code: 'unauthenticated', message: ADMIN_SIGN_IN_NEEDED.message },
      });
    },
  },
  {
    title: 'the export refuses a state that does not exist',
    async run(w) {
      const desk = await deskOf(w);
      const answer = await exportCsv(w, { state: 'Narnia' }, desk.cookie);
      expect(answer.status, answer.text).toBe(400);
      expect(ApiErrorBody.parse(JSON.parse(answer.text))).toStrictEqual({
        error: { code: 'validation_failed', message: VALIDATION_MESSAGES.query, fields: { state: [MESSAGES.state] } },
      });
    },
  },
];
