import { describe, expect, it } from 'vitest';
import { RecalculateResponse, US_STATES, type StateParticipation } from '@prr/contract';
import {
  MAP_STATE_NAMES,
  adminStats,
  mapStates,
  movementStats,
  recalculatePreview,
  recalculateStates,
  undoRecalculateStates,
} from '../src/map.js';
import { joinMovement } from '../src/members.js';
import type { DomainWrites } from '../src/ports.js';
import { testStore } from './support.js';

const joinAs = (store: DomainWrites, input: { name: string; email: string; zipCode: string }) =>
  joinMovement(store, input, new Date('2026-03-02T15:00:00Z'));

/** A sample map table like the seed's: every map state with a count. */
const sampleStates = (): StateParticipation[] =>
  MAP_STATE_NAMES.map((state, i) => ({ state, stateCode: US_STATES[state], peacemakers: (i * 37) % 500 }));

describe('movement stats and the map table', () => {
  it('answers the goal, 50,000, and the sum over the states', async () => {
    const { store } = testStore({ states: sampleStates() });
    const sum = sampleStates().reduce((s, r) => s + r.peacemakers, 0);
    expect(await mapStates(store)).toHaveLength(50);
    expect(await movementStats(store)).toEqual({ goal: 50_000, total: sum });
  });

  it('admin stats: members, map total, states with at least one', async () => {
    const { store } = testStore();
    await store.replaceStates([
      { state: 'Alabama', stateCode: 'AL', peacemakers: 3 },
      { state: 'Alaska', stateCode: 'AK', peacemakers: 0 },
      { state: 'Arizona', stateCode: 'AZ', peacemakers: 1 },
    ]);
    await joinAs(store, { name: 'A', email: 'a@example.org', zipCode: '10001' });
    expect(await adminStats(store)).toEqual({ totalMembers: 1, totalParticipation: 4, stateCount: 2 });
  });
});

describe('recalculateStates', () => {
  it('replaces every count with the number of ACTIVE members; all 50 states, 0 where none', async () => {
    const { store } = testStore({ states: sampleStates() });
    await joinAs(store, { name: 'A', email: 'a@example.org', zipCode: '10001' }); // New York
    await joinAs(store, { name: 'B', email: 'b@example.org', zipCode: '11201' }); // New York
    await joinAs(store, { name: 'C', email: 'c@example.org', zipCode: '36104' }); // Alabama
    const inactive = (await joinAs(store, { name: 'D', email: 'd@example.org', zipCode: '36104' })).member;
    await store.updateMember(inactive.id, { isActive: false });
    expect((await store.memberById(inactive.id))?.isActive).toBe(false);
    await joinAs(store, { name: 'E', email: 'e@example.org', zipCode: '00000' }); // unknown state
    await joinAs(store, { name: 'F', email: 'f@example.org', zipCode: '20500' }); // DC: not on the map

    const result = await recalculateStates(store);
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

describe("'Update Map' preview and undo", () => {
  it('previews the change, keeps the replaced table, and undoes it once', async () => {
    const { store } = testStore({ states: sampleStates() });
    await joinAs(store, { name: 'A', email: 'a@example.org', zipCode: '10001' });
    await joinAs(store, { name: 'B', email: 'b@example.org', zipCode: '73301' });
    const before = await mapStates(store);
    const sum = before.reduce((s, r) => s + r.peacemakers, 0);
    expect(await recalculatePreview(store)).toEqual({
      current: { peacemakers: sum, states: before.filter((s) => s.peacemakers > 0).length },
      recalculated: { peacemakers: 2, states: 2 },
      undoAvailable: false,
    });
    await recalculateStates(store);
    expect(await recalculatePreview(store)).toMatchObject({
      current: { peacemakers: 2, states: 2 },
      undoAvailable: true,
    });
    const undone = await undoRecalculateStates(store);
    expect(undone.states).toEqual(before);
    expect(await mapStates(store)).toEqual(before);
    await expect(undoRecalculateStates(store)).rejects.toMatchObject({
      status: 409,
      message: 'There is no map update to undo',
    });
  });
});
