import { describe, expect, it } from 'vitest';
import { RippleEffect, type RippleEffectRequest } from '@prr/contract';
import { memoryStore } from '../../test/fixtures.js';
import { joinMovement } from './members.js';
import { listRippleEffects, recordRippleEffect } from './rippleEffects.js';

const now = new Date('2026-03-09T15:00:00Z');

function request(week: number, overrides: Partial<RippleEffectRequest> = {}): RippleEffectRequest {
  return {
    week,
    relationshipImprovements: 2,
    positiveInteractions: 5,
    conflictsAvoided: 1,
    othersInspired: 1,
    notes: `Week ${week}: my roommate started pausing too.`,
    ...overrides,
  };
}

async function twoMembers() {
  const store = memoryStore();
  const joinedAt = new Date('2026-03-02T15:00:00Z');
  const { member: ann } = await store.write((tx) => joinMovement(tx, { name: 'Ann', email: 'ann@example.org', zipCode: '10001' }, joinedAt));
  const { member: ben } = await store.write((tx) => joinMovement(tx, { name: 'Ben', email: 'ben@example.org', zipCode: '10001' }, joinedAt));
  return { store, ann, ben };
}

describe('recordRippleEffect', () => {
  it('records the week for the member it is given, answering the contract shape with that member id', async () => {
    const { store, ann, ben } = await twoMembers();
    const recorded = await store.write((tx) => recordRippleEffect(tx, ann.id, request(1), now));
    expect(RippleEffect.parse(recorded)).toStrictEqual(recorded);
    expect(recorded).toStrictEqual({ id: recorded.id, memberId: ann.id, ...request(1) });
    expect(recorded.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await store.rippleEffectsOf(ann.id)).toStrictEqual([{ ...recorded, createdAt: now.toISOString() }]);
    expect(await listRippleEffects(store, ann.id)).toStrictEqual([recorded]);
    expect(await listRippleEffects(store, ben.id)).toStrictEqual([]);
  });

  it('lists newest week first', async () => {
    const { store, ann } = await twoMembers();
    const week1 = await store.write((tx) => recordRippleEffect(tx, ann.id, request(1), now));
    const week2 = await store.write((tx) => recordRippleEffect(tx, ann.id, request(2), new Date(now.getTime() + 7 * 86_400_000)));
    expect(await listRippleEffects(store, ann.id)).toStrictEqual([week2, week1]);
  });

  it('answers not_found for an unknown member, recording nothing', async () => {
    const { store } = await twoMembers();
    const unknown = '6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00';
    await expect(store.write((tx) => recordRippleEffect(tx, unknown, request(1), now))).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    await expect(listRippleEffects(store, unknown)).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(store.data.rippleEffects).toStrictEqual([]);
  });
});
