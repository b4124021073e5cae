import { describe, expect, it } from 'vitest';
import { newMember } from '../src/members.js';
import type { StoredMember, StoredRippleEffect, StoredStory } from '../src/records.js';
import { testStore } from '../test/support.js';

const member = (name: string, extra: Partial<StoredMember> = {}): StoredMember => ({
  ...newMember({ name, email: `${name}@example.org`, zipCode: '10001', state: '' }, new Date('2026-03-01T12:00:00Z')),
  ...extra,
});

const story = (id: string, memberId: string, extra: Partial<StoredStory> = {}): StoredStory => ({
  id,
  memberId,
  content: `Story ${id}`,
  location: 'Ohio',
  rating: 5,
  status: 'pending',
  submittedAt: '2026-03-10T12:00:00.000Z',
  ...extra,
});

const ripple = (id: string, memberId: string, week: number, createdAt: string): StoredRippleEffect => ({
  id,
  memberId,
  week,
  relationshipImprovements: 1,
  positiveInteractions: 2,
  conflictsAvoided: 3,
  othersInspired: 4,
  notes: id,
  createdAt,
});

describe('the memory store', () => {
  it('answers copies: changing one never changes the store', async () => {
    const { store } = testStore();
    const member = newMember(
      { name: 'Ann', email: 'Ann@example.org', zipCode: '10001', state: 'New York' },
      new Date(),
    );
    await store.insertMember(member);
    const read = await store.memberByEmail(' ann@EXAMPLE.org');
    read!.name = 'Changed';
    expect((await store.memberById(member.id))?.name).toBe('Ann');
    member.name = 'Changed too';
    expect((await store.memberById(member.id))?.name).toBe('Ann');
  });

  it('refuses a second member with the same address, any case', async () => {
    const { store, data } = testStore();
    const now = new Date();
    expect(
      await store.insertMember(newMember({ name: 'A', email: 'a@example.org', zipCode: '10001', state: '' }, now)),
    ).toBe(true);
    expect(
      await store.insertMember(newMember({ name: 'B', email: 'A@Example.org', zipCode: '10001', state: '' }, now)),
    ).toBe(false);
    expect(data.members).toHaveLength(1);
  });

  it('reads the arrays afresh, so they may be swapped', async () => {
    const { store, data } = testStore();
    await store.insertMember(newMember({ name: 'A', email: 'a@example.org', zipCode: '10001', state: '' }, new Date()));
    data.members = [];
    expect(await store.memberCount()).toBe(0);
  });

  it('finds a member by invite code and counts their invitees', async () => {
    const { store } = testStore();
    const ann = member('ann', { inviteCode: 'code-ann' });
    await store.insertMember(ann);
    await store.insertMember(member('bob', { invitedBy: ann.id }));
    await store.insertMember(member('cy', { invitedBy: ann.id }));
    expect((await store.memberByInviteCode('code-ann'))?.id).toBe(ann.id);
    expect(await store.memberByInviteCode('CODE-ANN')).toBeUndefined();
    expect(await store.invitedCount(ann.id)).toBe(2);
  });

  it('keeps one ripple record per member and week, with its first id and createdAt', async () => {
    const { store, data } = testStore();
    await store.upsertRippleEffect(ripple('r1', 'm', 1, '2026-03-08T00:00:00.000Z'));
    await store.upsertRippleEffect(ripple('r2', 'm', 1, '2026-03-09T00:00:00.000Z'));
    await store.upsertRippleEffect(ripple('r3', 'other', 1, '2026-03-09T00:00:00.000Z'));
    expect(data.rippleEffects).toHaveLength(2);
    expect(await store.rippleEffectsOf('m')).toEqual([
      { ...ripple('r2', 'm', 1, '2026-03-08T00:00:00.000Z'), id: 'r1' },
    ]);
  });

  it('answers stories in the orders of the ports, ties the last added first', async () => {
    const { store } = testStore();
    await store.insertStory(story('a', 'm', { submittedAt: '2026-03-10T00:00:00.000Z' }));
    await store.insertStory(story('b', 'm', { submittedAt: '2026-03-11T00:00:00.000Z' }));
    await store.insertStory(story('c', 'm', { submittedAt: '2026-03-10T00:00:00.000Z' }));
    await store.insertStory(story('d', 'n', { status: 'approved', reviewedAt: '2026-03-12T00:00:00.000Z' }));
    await store.insertStory(story('e', 'n', { status: 'approved', reviewedAt: '2026-03-13T00:00:00.000Z' }));
    const ids = (stories: StoredStory[]) => stories.map((s) => s.id);
    expect(ids(await store.storiesOf('m'))).toEqual(['b', 'c', 'a']);
    expect(ids(await store.storiesWithStatus('pending', 10))).toEqual(['c', 'a', 'b']);
    expect(ids(await store.storiesWithStatus('pending', 2))).toEqual(['c', 'a']);
    expect(ids(await store.storiesWithStatus('approved', 10))).toEqual(['e', 'd']);
    expect(await store.storiesWithStatus('rejected', 10)).toEqual([]);
  });

  it('reviews a story, and back', async () => {
    const { store } = testStore();
    await store.insertStory(story('a', 'm'));
    await store.updateStory('a', { status: 'approved', reviewedAt: '2026-03-12T00:00:00.000Z' });
    expect(await store.storyById('a')).toEqual(
      story('a', 'm', { status: 'approved', reviewedAt: '2026-03-12T00:00:00.000Z' }),
    );
    await store.updateStory('a', { status: 'pending' });
    expect(await store.storyById('a')).toEqual(story('a', 'm'));
    await store.updateStory('missing', { status: 'rejected' });
    expect(await store.storyById('missing')).toBeUndefined();
  });

  it('deletes a member with their stories; their invitees stay, without the link', async () => {
    const { store, data } = testStore();
    const ann = member('ann');
    const bob = member('bob', { invitedBy: ann.id });
    await store.insertMember(ann);
    await store.insertMember(bob);
    await store.insertStory(story('a', ann.id));
    await store.insertStory(story('b', bob.id));
    expect(await store.deleteMember(ann.id)).toBe(true);
    expect(data.stories.map((s) => s.id)).toEqual(['b']);
    const kept = await store.memberById(bob.id);
    expect(kept).toBeDefined();
    expect(kept).not.toHaveProperty('invitedBy');
    expect(await store.deleteMember(ann.id)).toBe(false);
  });
});
