import { describe, expect, it } from 'vitest';
import { RippleEffect } from '@prr/contract';
import { joinMovement } from '../src/members.js';
import { listRippleEffects, recordRippleEffect } from '../src/rippleEffects.js';
import { UNKNOWN_ID, UUID_V4, rippleRequest as request, testStore } from './support.js';

const now = new Date('2026-03-09T15:00:00Z');

async function twoMembers() {
  const { store, data } = testStore();
  const joinedAt = new Date('2026-03-02T15:00:00Z');
  const { member: ann } = await joinMovement(
    store,
    { name: 'Ann', email: 'ann@example.org', zipCode: '10001' },
    joinedAt,
  );
  const { member: ben } = await joinMovement(
    store,
    { name: 'Ben', email: 'ben@example.org', zipCode: '10001' },
    joinedAt,
  );
  return { store, data, ann, ben };
}

describe('recordRippleEffect', () => {
  it('records the week for the member it is given, answering the contract shape with that member id', async () => {
    const { store, ann, ben } = await twoMembers();
    const recorded = await recordRippleEffect(store, ann.id, request(1), now);
    expect(RippleEffect.parse(recorded)).toStrictEqual(recorded);
    expect(recorded).toStrictEqual({ id: recorded.id, memberId: ann.id, ...request(1) });
    expect(recorded.id).toMatch(UUID_V4);
    expect(await store.rippleEffectsOf(ann.id)).toStrictEqual([{ ...recorded, createdAt: now.toISOString() }]);
    expect(await listRippleEffects(store, ann.id)).toStrictEqual([recorded]);
    expect(await listRippleEffects(store, ben.id)).toStrictEqual([]);
  });

  it('lists newest week first', async () => {
    const { store, ann } = await twoMembers();
    const week1 = await recordRippleEffect(store, ann.id, request(1), now);
    const week3 = await recordRippleEffect(store, ann.id, request(3), new Date(now.getTime() + 14 * 86_400_000));
    const week2 = await recordRippleEffect(store, ann.id, request(2), new Date(now.getTime() + 7 * 86_400_000));
    expect(await listRippleEffects(store, ann.id)).toStrictEqual([week3, week2, week1]);
  });

  it('keeps one record per week: recording a week again replaces its values under the same id', async () => {
    const { store, data, ann, ben } = await twoMembers();
    const first = await recordRippleEffect(store, ann.id, request(1), now);
    const bens = await recordRippleEffect(store, ben.id, request(1), now);
    const later = new Date(now.getTime() + 60_000);
    const values = request(1, { relationshipImprovements: 0, positiveInteractions: 9, notes: 'Counted again' });
    const again = await recordRippleEffect(store, ann.id, values, later);
    expect(again).toStrictEqual({ id: first.id, memberId: ann.id, ...values });
    expect(await listRippleEffects(store, ann.id)).toStrictEqual([again]);
    // The record keeps when the week was first recorded; the other member's week is untouched.
    expect(data.rippleEffects.find((r) => r.id === first.id)?.createdAt).toBe(now.toISOString());
    expect(await listRippleEffects(store, ben.id)).toStrictEqual([bens]);
    expect(data.rippleEffects).toHaveLength(2);
  });

  it('answers not_found for an unknown member, recording nothing', async () => {
    const { store, data } = await twoMembers();
    await expect(recordRippleEffect(store, UNKNOWN_ID, request(1), now)).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    await expect(listRippleEffects(store, UNKNOWN_ID)).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(data.rippleEffects).toStrictEqual([]);
  });
});
