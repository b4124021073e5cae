/**
 * The memory store under lowdb keeps the admin list's orders up to date as members join, are
 * renamed, leave and as transactions roll back, instead of sorting per search (@prr/domain
 * memberOrders.ts). After every step of a random walk its answers must equal those of the mocks'
 * memory store, which rebuilds its indexes on every call and so sorts the whole list afresh each
 * time by the rules of participantSearch.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AdminMemberFilter, type AdminMemberSort } from '@prr/contract';
import { memberSearch, memoryStore, type DomainWrites, type MemoryData, type StoredMember } from '@prr/domain';
import { seedData } from '../fixtures.js';
import { memoryLowdbStore } from '../../src/store/lowdb/lowdbStore.js';

const SORTS: readonly AdminMemberSort[] = ['newest', 'oldest', 'name', 'name-desc'];
// Few names and instants, so ties on both are common.
const NAMES = ['Ada Moss', 'ada moss', 'Bea Stone', 'de Vries', 'Dean Holt', 'Émile Roy', 'Zoe Park'];
const INSTANTS = ['2026-03-02T15:00:00.000Z', '2026-03-02T15:00:00.001Z', '2026-03-01T09:30:00.000Z'];

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the lowdb store's kept orders", () => {
  it('answer every sort and page like the memory store through 400 random joins, renames, deletions and rollbacks', async () => {
    const next = random(18);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const lowdb = memoryLowdbStore(seedData());
    const reference: MemoryData = {
      members: [],
      reflections: [],
      achievements: [],
      rippleEffects: [],
      stories: [],
      states: [],
      statesBackup: undefined,
    };
    const expected = memoryStore(reference);
    const ids: string[] = [];
    let serial = 0;

    const newMember = (): StoredMember => {
      serial += 1;
      return {
        id: randomUUID(),
        name: pick(NAMES),
        email: `member.${serial}@example.org`,
        zipCode: pick(['10001', '94103']),
        state: pick(['New York', 'California']),
        joinedAt: pick(INSTANTS),
        isActive: next() < 0.8,
        emailReminders: true,
        emailConfirmed: true,
        reminderTime: '09:00',
        timezone: 'America/New_York',
        points: 0,
        level: 'Prospect',
      };
    };
    /** The same change on both stores (lowdb in one transaction); `change` must not draw random numbers. */
    const both = async (change: (tx: DomainWrites) => Promise<unknown>) => {
      await lowdb.write(change);
      await change(expected);
    };

    for (let step = 0; step < 400; step += 1) {
      const roll = next();
      if (roll < 0.45 || ids.length === 0) {
        const member = newMember();
        ids.push(member.id);
        await both((tx) => tx.insertMember({ ...member }));
      } else if (roll < 0.65) {
        const id = pick(ids);
        const name = pick(NAMES);
        await both((tx) => tx.updateMember(id, { name, points: step }));
      } else if (roll < 0.75) {
        const [id, isActive] = [pick(ids), next() < 0.5];
        await both((tx) => tx.updateMember(id, { isActive }));
      } else if (roll < 0.87) {
        const id = pick(ids);
        ids.splice(ids.indexOf(id), 1);
        await both((tx) => tx.deleteMember(id));
      } else {
        // Deleted, renamed and joined, then thrown: nothing of it may stay, orders included.
        const [gone, renamed] = [pick(ids), pick(ids)];
        const boom = new Error('rolled back');
        await expect(
          lowdb.write(async (tx) => {
            await tx.updateMember(renamed, { name: pick(NAMES) });
            await tx.deleteMember(gone);
            await tx.insertMember(newMember());
            throw boom;
          }),
        ).rejects.toBe(boom);
      }

      for (const sort of SORTS) {
        const search = memberSearch(AdminMemberFilter.parse({ sort, q: step % 3 === 0 ? 'moss' : '' }));
        const got = await lowdb.searchMembers(search, 0, 1000);
        const want = await expected.searchMembers(search, 0, 1000);
        expect(
          got.members.map((m) => m.id),
          `step ${step}, ${sort}`,
        ).toEqual(want.members.map((m) => m.id));
        expect(got.total).toBe(want.total);
        const page = await lowdb.searchMembers(search, 3, 4);
        expect(page).toStrictEqual(await expected.searchMembers(search, 3, 4));
      }
    }
    expect(await lowdb.membersNewestFirst()).toStrictEqual(await expected.membersNewestFirst());
    // The file keeps the order too (a rollback put a deleted member back in its place): a restart,
    // which rebuilds the orders from the file, answers alike.
    const restarted = memoryLowdbStore(structuredClone(lowdb.data));
    for (const sort of SORTS) {
      const search = memberSearch(AdminMemberFilter.parse({ sort }));
      expect(await restarted.searchMembers(search, 0, 1000), sort).toStrictEqual(
        await expected.searchMembers(search, 0, 1000),
      );
    }
  });
});
