import { describe, expect, it } from 'vitest';
import { AdminMember, RecalculateResponse } from '@prr/contract';
import { memoryStore, seedData } from '../../test/fixtures.js';
import { FakeClock } from '../clock.js';
import type { LowdbStore } from '../store/lowdb/lowdbStore.js';
import { MAP_STATE_NAMES, adminStats, mapStates, movementStats, recalculateStates } from './map.js';
import { joinMovement } from './members.js';
import { addParticipant, adminMembers } from './participants.js';

const clock = new FakeClock('2026-03-02T15:00:00Z');

/** joinMovement in a transaction of its own, as the route runs it. */
const joinAs = (store: LowdbStore, input: { name: string; email: string; zipCode: string }, now: Date = clock.now()) =>
  store.write((tx) => joinMovement(tx, input, now));

describe('movement stats and the map table', () => {
  it('starts from db.json: goal 50,000 and the sum over states', async () => {
    const store = memoryStore();
    const sum = seedData().states.reduce((s, r) => s + r.peacemakers, 0);
    expect(await mapStates(store)).toHaveLength(50);
    expect(await movementStats(store)).toEqual({ goal: 50_000, total: sum });
  });

  it('admin stats: members, map total, states with at least one', async () => {
    const store = memoryStore();
    await store.write((tx) =>
      tx.replaceStates([
        { state: 'Alabama', stateCode: 'AL', peacemakers: 3 },
        { state: 'Alaska', stateCode: 'AK', peacemakers: 0 },
        { state: 'Arizona', stateCode: 'AZ', peacemakers: 1 },
      ]),
    );
    await joinAs(store, { name: 'A', email: 'a@example.org', zipCode: '10001' });
    expect(await adminStats(store)).toEqual({ totalMembers: 1, totalParticipation: 4, stateCount: 2 });
  });
});

describe('recalculateStates', () => {
  it('replaces every count with the number of ACTIVE members; all 50 states, 0 where none', async () => {
    const store = memoryStore();
    await joinAs(store, { name: 'A', email: 'a@example.org', zipCode: '10001' }); // New York
    await joinAs(store, { name: 'B', email: 'b@example.org', zipCode: '11201' }); // New York
    await joinAs(store, { name: 'C', email: 'c@example.org', zipCode: '36104' }); // Alabama
    const inactive = (await joinAs(store, { name: 'D', email: 'd@example.org', zipCode: '36104' })).member;
    await store.write((tx) => tx.updateMember(inactive.id, { isActive: false }));
    expect((await store.memberById(inactive.id))?.isActive).toBe(false);
    await joinAs(store, { name: 'E', email: 'e@example.org', zipCode: '00000' }); // unknown state
    await joinAs(store, { name: 'F', email: 'f@example.org', zipCode: '20500' }); // DC: not on the map

    const result = await store.write((tx) => recalculateStates(tx));
    expect(RecalculateResponse.parse(result)).toEqual(result);
    expect(result.states).toHaveLength(50);
    expect(result.states.map((s) => s.state)).toEqual(MAP_STATE_NAMES);
    const count = (name: string) => result.states.find((s) => s.state === name)?.peacemakers;
    expect(count('New York')).toBe(2);
    expect(count('Alabama')).toBe(1);
    expect(count('Texas')).toBe(0);
    expect(result.stats).toEqual({ totalMembers: 6, totalParticipation: 3, stateCount: 2 });
    expect((await movementStats(store)).total).toBe(3);
    // The store holds what the transaction answered.
    expect(await mapStates(store)).toEqual(result.states);
  });
});

describe('participants', () => {
  it('adds with a canonical state name from a name or code, +25 points, active', async () => {
    const store = memoryStore();
    const added = await store.write((tx) =>
      addParticipant(tx, { name: 'Jo', email: 'jo@example.org', state: 'tx', zipCode: '73301' }, clock.now()),
    );
    expect(AdminMember.parse(added)).toEqual(added);
    expect(added).toMatchObject({ state: 'Texas', isActive: true, zipCode: '73301' });
    expect((await store.memberById(added.id))?.points).toBe(25);
    const second = await store.write((tx) =>
      addParticipant(tx, { name: 'Al', email: 'al@example.org', state: 'new york', zipCode: '10001' }, clock.now()),
    );
    expect(second.state).toBe('New York');
  });

  it('refuses an unknown state with fields.state and a duplicate e-mail with conflict', async () => {
    const store = memoryStore();
    await expect(
      store.write((tx) => addParticipant(tx, { name: 'Jo', email: 'jo@example.org', state: 'Narnia', zipCode: '12345' }, clock.now())),
    ).rejects.toThrow(expect.objectContaining({ code: 'validation_failed', fields: { state: [expect.any(String)] } }));
    await store.write((tx) => addParticipant(tx, { name: 'Jo', email: 'jo@example.org', state: 'TX', zipCode: '73301' }, clock.now()));
    await expect(
      store.write((tx) => addParticipant(tx, { name: 'Jo', email: ' JO@example.org', state: 'TX', zipCode: '73301' }, clock.now())),
    ).rejects.toThrow(expect.objectContaining({ code: 'conflict' }));
    expect(store.data.members).toHaveLength(1);
    expect(await store.memberCount()).toBe(1);
  });

  it('lists members newest first', async () => {
    const store = memoryStore();
    const c = new FakeClock('2026-03-01T00:00:00Z');
    await joinAs(store, { name: 'First', email: '1@example.org', zipCode: '10001' }, c.now());
    c.advance(60_000);
    await joinAs(store, { name: 'Second', email: '2@example.org', zipCode: '10001' }, c.now());
    await joinAs(store, { name: 'Same instant, added later', email: '3@example.org', zipCode: '10001' }, c.now());
    expect((await adminMembers(store)).map((m) => m.name)).toEqual(['Same instant, added later', 'Second', 'First']);
  });
});
