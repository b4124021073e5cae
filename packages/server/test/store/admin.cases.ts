/** The store suite (setup.ts): The admin's participant list (search, sort, pages, batches) and the admin's activity record. */
import { randomUUID } from 'node:crypto';
import {
  AdminMemberFilter,
  type AdminMemberFilterInput,
  type AdminMemberSort,
  type StateParticipation,
} from '@prr/contract';
import { describe, expect, it } from 'vitest';
import {
  memberSearch,
  memoryAdminActivity,
  memoryStore,
  type AdminActivityLog,
  type DomainReads,
  type DomainWrites,
  type MemberSearch,
  type StoredAdminAction,
  type StoredMember,
} from '@prr/domain';
import { claimRecord, sentRecord } from '../../src/scheduler/emailDelivery.js';
import {
  T0,
  MINUTE,
  HOUR,
  DAY,
  at,
  member,
  reflection,
  achievement,
  rippleEffect,
  story,
  due,
  readSeed,
  collect,
  type SuiteContext,
} from './setup.js';

export function adminCases(ctx: SuiteContext): void {
  const { store, insertMembers, write } = ctx;

  describe('admin participants', () => {
    const IDLE = 30 * MINUTE;
    /** A search as the admin's list builds it from a query string (participantSearch.ts). */
    const search = (filter: AdminMemberFilterInput = {}): MemberSearch => memberSearch(AdminMemberFilter.parse(filter));
    const found = async (filter: AdminMemberFilterInput, offset = 0, limit = 100): Promise<string[]> =>
      (await store.searchMembers(search(filter), offset, limit)).members.map((m) => m.name);
    const batchesOf = async (filter: AdminMemberFilterInput, batchSize: number): Promise<string[][]> => {
      const all: string[][] = [];
      for await (const batch of store.memberBatches(search(filter), batchSize)) all.push(batch.map((m) => m.name));
      return all;
    };

    /** Three members with names, e-mails and ZIP codes that share no digits or words by accident. */
    async function pioneers(): Promise<Record<'ada' | 'grace' | 'alan', StoredMember>> {
      const ada = member({
        name: 'Ada Lovelace',
        email: 'countess@analytical.example',
        zipCode: '94103',
        state: 'California',
        joinedAt: at(-3 * MINUTE),
      });
      const grace = member({
        name: 'Grace Hopper',
        email: 'Amazing.Grace@Navy.example',
        zipCode: '22201',
        state: 'Virginia',
        isActive: false,
        joinedAt: at(-2 * MINUTE),
      });
      const alan = member({
        name: 'Alan Turing',
        email: 'alan@bletchley.example',
        zipCode: '10001',
        state: 'New York',
        joinedAt: at(-MINUTE),
      });
      await insertMembers(ada, grace, alan);
      return { ada, grace, alan };
    }

    it('searchMembers matches part of a name or e-mail in any case, or the start of a ZIP code', async () => {
      const { ada, grace, alan } = await pioneers();
      expect(await found({ q: 'LOVE' })).toEqual(['Ada Lovelace']);
      expect(await found({ q: '  lace  ' })).toEqual(['Ada Lovelace']);
      expect(await found({ q: 'navy' })).toEqual(['Grace Hopper']);
      expect(await found({ q: 'amazing.GRACE@' })).toEqual(['Grace Hopper']);
      expect(await found({ q: '941' })).toEqual(['Ada Lovelace']);
      expect(await found({ q: '94103' })).toEqual(['Ada Lovelace']);
      // The middle of a ZIP code is not its start.
      expect(await found({ q: '103' })).toEqual([]);
      expect(await found({ q: 'example' })).toEqual(['Alan Turing', 'Grace Hopper', 'Ada Lovelace']);
      expect(await found({ q: 'nobody' })).toEqual([]);
      // Whole stored members, copies.
      const page = await store.searchMembers(search({ q: '' }), 0, 10);
      expect(page).toStrictEqual({ members: [alan, grace, ada], total: 3 });
      page.members[0]!.name = 'Mallory';
      expect(await store.memberById(alan.id)).toStrictEqual(alan);
    });

    it('searchMembers filters by state (a name or code) and by status, together with the text', async () => {
      const { ada } = await pioneers();
      const elsewhere = member({ name: 'Ada Yonath', email: 'ribosome@weizmann.example', zipCode: '94110' });
      await insertMembers(elsewhere, member({ name: 'No State', email: 'nowhere@example.org', state: '' }));
      expect(await found({ state: 'California' })).toEqual(['Ada Lovelace']);
      expect(await found({ state: 'ny' })).toEqual(['Ada Yonath', 'Alan Turing']);
      expect(await found({ state: 'Texas' })).toEqual([]);
      expect(await found({ status: 'inactive' })).toEqual(['Grace Hopper']);
      expect(await found({ status: 'active' })).toEqual(['No State', 'Ada Yonath', 'Alan Turing', 'Ada Lovelace']);
      expect(await found({ q: 'ada', state: 'New York' })).toEqual(['Ada Yonath']);
      expect(await found({ q: '941', status: 'active' })).toEqual(['Ada Yonath', 'Ada Lovelace']);
      expect(await found({ q: 'grace', status: 'active' })).toEqual([]);
      await write((tx) => tx.updateMember(ada.id, { isActive: false }));
      expect(await found({ status: 'inactive' })).toEqual(['Grace Hopper', 'Ada Lovelace']);
    });

    it('sorts newest, oldest, by name and by name descending; ties keep newest first (the last added first)', async () => {
      const bea = member({ name: 'bea Stone', email: 'bea@example.org', joinedAt: at(-2 * DAY) });
      const adaMoss = member({ name: 'Ada Moss', email: 'moss1@example.org', joinedAt: at() });
      const adaMossToo = member({ name: 'ada moss', email: 'moss2@example.org', joinedAt: at() });
      const dean = member({ name: 'Dean Holt', email: 'dean@example.org', joinedAt: at(-DAY) });
      // 'de vries' before 'dean holt': the space sorts before any letter (code-unit order, no locale).
      const deVries = member({ name: 'de Vries', email: 'vries@example.org', joinedAt: at(-DAY) });
      await insertMembers(bea, adaMoss);
      await insertMembers(adaMossToo, dean);
      await insertMembers(deVries);
      const ids = async (sort: AdminMemberSort) =>
        (await store.searchMembers(search({ sort }), 0, 10)).members.map((m) => m.id);

      expect(await ids('newest')).toEqual([adaMossToo.id, adaMoss.id, deVries.id, dean.id, bea.id]);
      expect(await ids('oldest')).toEqual([bea.id, dean.id, deVries.id, adaMoss.id, adaMossToo.id]);
      expect(await ids('name')).toEqual([adaMossToo.id, adaMoss.id, bea.id, deVries.id, dean.id]);
      expect(await ids('name-desc')).toEqual([dean.id, deVries.id, bea.id, adaMossToo.id, adaMoss.id]);
      // A page of a name sort is a slice of the whole order.
      const second = await store.searchMembers(search({ sort: 'name' }), 1, 2);
      expect(second).toStrictEqual({ members: [adaMoss, bea], total: 5 });
      // A renamed member moves.
      await write((tx) => tx.updateMember(dean.id, { name: 'Aaron Holt' }));
      expect(await ids('name')).toEqual([dean.id, adaMossToo.id, adaMoss.id, bea.id, deVries.id]);
    });

    it('offset, limit and total: one exact page, a last partial page, past the end, and no match', async () => {
      const seven = Array.from({ length: 7 }, (_, i) =>
        member({ name: `Member ${i + 1}`, joinedAt: at(-(i + 1) * MINUTE), isActive: i % 3 !== 0 }),
      );
      await insertMembers(...seven);
      const names = seven.map((m) => m.name);

      expect(await store.searchMembers(search(), 0, 7)).toStrictEqual({ members: seven, total: 7 });
      expect(await store.searchMembers(search(), 0, 3)).toStrictEqual({ members: seven.slice(0, 3), total: 7 });
      expect(await store.searchMembers(search(), 3, 3)).toStrictEqual({ members: seven.slice(3, 6), total: 7 });
      expect(await store.searchMembers(search(), 6, 3)).toStrictEqual({ members: seven.slice(6), total: 7 });
      expect(await store.searchMembers(search(), 7, 3)).toStrictEqual({ members: [], total: 7 });
      expect(await store.searchMembers(search(), 1000, 25)).toStrictEqual({ members: [], total: 7 });
      expect(await store.searchMembers(search({ q: 'nobody' }), 0, 25)).toStrictEqual({ members: [], total: 0 });
      // Members 1, 4 and 7 are inactive.
      expect(await store.searchMembers(search({ status: 'inactive' }), 1, 1)).toStrictEqual({
        members: [seven[3]],
        total: 3,
      });
      expect(await found({ sort: 'oldest' }, 5, 5)).toEqual([names[1], names[0]]);
    });

    it('search text with %, _ and \\ matches those characters literally', async () => {
      await insertMembers(
        member({ name: 'Jordan Rivera', email: 'jordan@example.org' }),
        member({ name: 'Glenroy Park', email: 'glenroy@example.org' }),
        member({ name: 'Plan%Ready', email: 'percent@example.org' }),
        member({ name: 'Dan_Rivers', email: 'underscore@example.org' }),
        member({ name: 'Ben\\Rob', email: 'backslash@example.org' }),
      );
      // As patterns, 'n%r' and 'an_r' would match Jordan Rivera, and 'n\r' Glenroy.
      expect(await found({ q: 'n%r' })).toEqual(['Plan%Ready']);
      expect(await found({ q: 'an_r' })).toEqual(['Dan_Rivers']);
      expect(await found({ q: 'n\\r' })).toEqual(['Ben\\Rob']);
      expect(await found({ q: '%' })).toEqual(['Plan%Ready']);
      expect(await found({ q: '_' })).toEqual(['Dan_Rivers']);
      expect(await found({ q: '\\' })).toEqual(['Ben\\Rob']);
      expect(await found({ q: '\\\\' })).toEqual([]);
    });

    it('memberBatches yields every match in the order of the search, in batches of at most batchSize', async () => {
      const seven = Array.from({ length: 7 }, (_, i) =>
        member({ name: `Member ${i + 1}`, joinedAt: at(-(i + 1) * MINUTE), isActive: i !== 2 }),
      );
      await insertMembers(...seven);
      const names = seven.map((m) => m.name);

      expect(await batchesOf({}, 3)).toEqual([names.slice(0, 3), names.slice(3, 6), names.slice(6)]);
      expect(await batchesOf({}, 7)).toEqual([names]);
      expect(await batchesOf({ sort: 'oldest' }, 4)).toEqual([
        [...names].reverse().slice(0, 4),
        [...names].reverse().slice(4),
      ]);
      expect(await batchesOf({ status: 'active' }, 2)).toEqual([
        [names[0], names[1]],
        [names[3], names[4]],
        [names[5], names[6]],
      ]);
      expect(await batchesOf({ q: 'nobody' }, 3)).toEqual([]);
      // Whole stored members.
      const batches: StoredMember[][] = [];
      for await (const batch of store.memberBatches(search({ q: 'member 1' }), 10)) batches.push(batch);
      expect(batches).toStrictEqual([[seven[0]]]);
    });

    it('statesBackup keeps the map table it is given until cleared; a write that throws keeps the previous one', async () => {
      expect(await store.statesBackup()).toBeUndefined();
      const before: StateParticipation[] = [
        { state: 'Wyoming', stateCode: 'WY', peacemakers: 3 },
        { state: 'Alabama', stateCode: 'AL', peacemakers: 70 },
      ];
      await write((tx) => tx.replaceStatesBackup(before));
      expect(await store.statesBackup()).toStrictEqual(before);
      // A copy: changing it changes nothing stored.
      const fetched = await store.statesBackup();
      fetched![0]!.peacemakers = -1;
      fetched!.reverse();
      expect(await store.statesBackup()).toStrictEqual(before);

      const boom = new Error('changed my mind');
      await expect(
        store.write(async (tx) => {
          await tx.replaceStatesBackup([{ state: 'Ohio', stateCode: 'OH', peacemakers: 1 }]);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.statesBackup()).toStrictEqual(before);
      await expect(
        store.write(async (tx) => {
          await tx.replaceStatesBackup(undefined);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.statesBackup()).toStrictEqual(before);

      const seed = readSeed().states;
      await write((tx) => tx.replaceStatesBackup(seed));
      expect(await store.statesBackup()).toStrictEqual(seed);
      await write((tx) => tx.replaceStatesBackup(undefined));
      expect(await store.statesBackup()).toBeUndefined();
      // The live map table is another thing.
      expect(await store.states()).toStrictEqual(seed);
    });

    /** A member with a bit of everything the store keeps of them; returns the session's id. */
    async function memberWithEverything(m: StoredMember): Promise<{ session: string; linkHash: string }> {
      await insertMembers(m);
      await write(async (tx) => {
        await tx.upsertReflection(reflection(m.id, 1));
        await tx.upsertReflection(reflection(m.id, 2));
        await tx.insertAchievement(achievement(m.id, 'week_streak', at(7 * DAY)));
        await tx.upsertRippleEffect(rippleEffect(m.id, 1, at(6 * DAY)));
        await tx.insertStory(story(m.id, at(DAY)));
        await tx.insertStory(story(m.id, at(2 * DAY), { status: 'approved', reviewedAt: at(3 * DAY) }));
      });
      const session = await store.memberSessions.create(m.id, T0);
      const linkHash = `link-${randomUUID()}`;
      await store.signIns.put({
        memberId: m.id,
        codeHash: `code-${randomUUID()}`,
        linkHash,
        expiresAt: at(15 * MINUTE),
        wrongCodes: 0,
        createdAt: at(),
      });
      const welcome = claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0), `w-${m.id}@prr`);
      expect(await store.emailLog.claim(welcome, undefined)).toBe(true);
      await store.emailLog.update(sentRecord(welcome, new Date(T0 + 1000)));
      const daily = claimRecord(due(m.id, 'reflection', '2026-03-02', 1), undefined, new Date(T0), `r-${m.id}@prr`);
      expect(await store.emailLog.claim(daily, undefined)).toBe(true);
      return { session, linkHash };
    }

    /** What the store's reads show of a member's data, the sessions and sign-ins included. */
    const traces = async (m: StoredMember, held: { session: string; linkHash: string }) => ({
      member: await store.memberById(m.id),
      byEmail: await store.memberByEmail(m.email),
      reflections: (await store.reflectionsOf(m.id)).length,
      achievements: (await store.achievementsOf(m.id)).length,
      rippleEffects: (await store.rippleEffectsOf(m.id)).length,
      stories: (await store.storiesOf(m.id)).length,
      signIn: (await store.signIns.ofMember(m.id)) !== undefined,
      deliveries: await store.emailLog.deliveriesOf(m.id),
      // Last: a touch of a gone session removes nothing else.
      session: (await store.memberSessions.touch(held.session, T0 + MINUTE, IDLE)) !== undefined,
    });

    it('deleteMember removes the member and their reflections, achievements, ripple effects, stories, sessions, sign-in and e-mail log', async () => {
      const [m, n] = [member({ name: 'Leaving Member' }), member({ name: 'Staying Member' })];
      const mine = await memberWithEverything(m);
      const theirs = await memberWithEverything(n);
      const nBefore = await traces(n, theirs);

      expect(await store.write((tx) => tx.deleteMember(m.id))).toBe(true);

      expect(await traces(m, mine)).toStrictEqual({
        member: undefined,
        byEmail: undefined,
        reflections: 0,
        achievements: 0,
        rippleEffects: 0,
        stories: 0,
        signIn: false,
        deliveries: { welcome: undefined, reflection: undefined, levelUp: undefined },
        session: false,
      });
      expect(await store.signIns.take({ linkHash: mine.linkHash })).toBeUndefined();
      expect(await store.memberCount()).toBe(1);
      expect(await found({})).toEqual(['Staying Member']);
      const candidates = (await collect(store.emailLog.candidates(new Date(T0 - DAY), 10))).flat();
      expect(candidates.map((c) => c.member.id)).toEqual([n.id]);
      // The other member keeps everything.
      expect(await traces(n, theirs)).toStrictEqual({ ...nBefore, session: true });
      expect(nBefore).toMatchObject({
        reflections: 2,
        achievements: 1,
        rippleEffects: 1,
        stories: 2,
        signIn: true,
        session: true,
      });
      expect(await store.storiesWithStatus('pending', 10)).toMatchObject([{ memberId: n.id }]);
      expect(await store.storiesWithStatus('approved', 10)).toMatchObject([{ memberId: n.id }]);
      // Their e-mail address is free again.
      expect(await store.write((tx) => tx.insertMember(member({ email: m.email })))).toBe(true);
    });

    it('deleteMember answers false for an unknown member and changes nothing; a write that throws after it keeps the member', async () => {
      const m = member();
      const held = await memberWithEverything(m);
      const before = await traces(m, held);
      expect(await store.write((tx) => tx.deleteMember(randomUUID()))).toBe(false);
      expect(await store.memberCount()).toBe(1);

      const boom = new Error('changed my mind');
      await expect(
        store.write(async (tx) => {
          expect(await tx.deleteMember(m.id)).toBe(true);
          expect(await tx.memberById(m.id)).toBeUndefined();
          expect(await tx.deleteMember(m.id)).toBe(false);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await traces(m, held)).toStrictEqual(before);
      expect(await found({})).toEqual([m.name]);
    });
  });

  // Edges of the SQL store's own ways (keyset batches, deep pages read from the end), held to
  // the domain's reference: the memory store, which runs the rules of participantSearch.ts.
  describe('admin participants: pages and batches against the memory store', () => {
    const searchOf = (filter: AdminMemberFilterInput): MemberSearch => memberSearch(AdminMemberFilter.parse(filter));
    const FILTERS: AdminMemberFilterInput[] = [{}, { status: 'active' }, { q: 'moss' }, { state: 'NY', status: 'all' }];
    const SORTS: AdminMemberSort[] = ['newest', 'oldest', 'name', 'name-desc'];

    /**
     * Names equal but for case, a name that extends another, and runs of members who joined in
     * the same millisecond (ties broken by insertion), in three transactions.
     */
    async function crowd(): Promise<DomainWrites> {
      const same = at(-HOUR);
      const batches: StoredMember[][] = [
        [
          member({ name: 'Ada Moss', joinedAt: same, state: 'New York' }),
          member({ name: 'ada moss', joinedAt: same, isActive: false }),
          member({ name: 'Zed Moss', joinedAt: at(-DAY) }),
          member({ name: 'de Vries', joinedAt: same, state: 'New York' }),
        ],
        [
          member({ name: 'ADA MOSS', joinedAt: same }),
          member({ name: 'Ada Mossman', joinedAt: at(-2 * HOUR), state: 'New York' }),
          member({ name: 'Dean', joinedAt: same, isActive: false }),
          member({ name: 'bea_stone', joinedAt: at(-2 * HOUR) }),
        ],
        [
          member({ name: 'Bea Stone', joinedAt: same, state: 'New York' }),
          member({ name: 'ada moss', joinedAt: at(-2 * HOUR) }),
          member({ name: 'Zed Moss', joinedAt: same }),
        ],
      ];
      for (const batch of batches) await insertMembers(...batch);
      return memoryStore({
        members: batches.flat(),
        reflections: [],
        achievements: [],
        rippleEffects: [],
        stories: [],
        states: [],
        statesBackup: undefined,
      });
    }

    it('every page of every sort and filter is the memory store page, deep pages included', async () => {
      const reference = await crowd();
      for (const filter of FILTERS) {
        for (const sort of SORTS) {
          const search = searchOf({ ...filter, sort });
          const { total } = await reference.searchMembers(search, 0, 100);
          for (const limit of [1, 3, 25]) {
            for (let offset = 0; offset <= total + 1; offset += 1) {
              expect(
                await store.searchMembers(search, offset, limit),
                JSON.stringify({ search, offset, limit }),
              ).toStrictEqual(await reference.searchMembers(search, offset, limit));
            }
          }
        }
      }
    });

    it('memberBatches gives the memory store batches, also when a batch ends inside a run of ties', async () => {
      const reference = await crowd();
      const batches = async (from: DomainReads, search: MemberSearch, size: number): Promise<StoredMember[][]> => {
        const all: StoredMember[][] = [];
        for await (const batch of from.memberBatches(search, size)) all.push(batch);
        return all;
      };
      for (const filter of FILTERS) {
        for (const sort of SORTS) {
          const search = searchOf({ ...filter, sort });
          for (const size of [1, 2, 3, 5]) {
            expect(await batches(store, search, size), JSON.stringify({ search, size })).toStrictEqual(
              await batches(reference, search, size),
            );
          }
        }
      }
    });

    it('a backup of an empty map table is a backup, not none', async () => {
      await write((tx) => tx.replaceStatesBackup([]));
      expect(await store.statesBackup()).toStrictEqual([]);
      await write((tx) => tx.replaceStatesBackup(undefined));
      expect(await store.statesBackup()).toBeUndefined();
    });
  });

  describe('admin activity', () => {
    const action = (offsetMs: number, overrides: Partial<StoredAdminAction> = {}): StoredAdminAction => ({
      id: randomUUID(),
      at: at(offsetMs),
      action: 'participant.edit',
      adminId: 'admin-1',
      participant: { name: `Participant ${offsetMs}` },
      network: '203.0.113.7',
      ...overrides,
    });

    it('keeps a record as written, with or without a participant', async () => {
      const edit = action(0);
      const { participant: _none, ...mapUpdate } = action(MINUTE, {
        action: 'map.update',
        network: '2001:db8:1:2::/64',
      });
      await store.adminActivity.add(edit);
      await store.adminActivity.add(mapUpdate);
      expect(await store.adminActivity.page(0, 10)).toStrictEqual({ records: [mapUpdate, edit], total: 2 });
      const [first] = (await store.adminActivity.page(0, 1)).records;
      expect(first && Object.keys(first)).not.toContain('participant');
    });

    it('pages and batches newest first, ties the last added first, like the memory log', async () => {
      const reference = memoryAdminActivity({ adminActivity: [] });
      // Out of order, with runs of one instant.
      for (const offset of [3, 1, 1, 4, 1, 5, 9, 2, 6, 5, 3].map((n) => n * MINUTE)) {
        const record = action(offset);
        await store.adminActivity.add(record);
        await reference.add(record);
      }
      for (const limit of [1, 3, 25]) {
        for (let offset = 0; offset <= 12; offset += 1) {
          expect(await store.adminActivity.page(offset, limit)).toStrictEqual(await reference.page(offset, limit));
        }
      }
      const batches = async (log: AdminActivityLog, size: number): Promise<StoredAdminAction[][]> => {
        const all: StoredAdminAction[][] = [];
        for await (const batch of log.batches(size)) all.push(batch);
        return all;
      };
      for (const size of [1, 2, 4, 11, 12]) {
        expect(await batches(store.adminActivity, size)).toStrictEqual(await batches(reference, size));
      }
    });

    it('deleteBefore removes the records from before the instant and answers how many', async () => {
      const old = action(-366 * DAY);
      const edge = action(-365 * DAY);
      const recent = action(0);
      for (const record of [old, edge, recent]) await store.adminActivity.add(record);
      expect(await store.adminActivity.deleteBefore(new Date(T0 - 365 * DAY))).toBe(1);
      expect(await store.adminActivity.page(0, 10)).toStrictEqual({ records: [recent, edge], total: 2 });
      expect(await store.adminActivity.deleteBefore(new Date(T0 - 365 * DAY))).toBe(0);
    });

    it('returns copies', async () => {
      const record = action(0);
      await store.adminActivity.add(record);
      const [read] = (await store.adminActivity.page(0, 1)).records;
      if (read?.participant) read.participant.name = 'Changed';
      record.network = 'changed';
      expect((await store.adminActivity.page(0, 1)).records[0]?.participant?.name).toBe('Participant 0');
      expect((await store.adminActivity.page(0, 1)).records[0]?.network).toBe('203.0.113.7');
    });
  });
}
