import { describe, expect, it } from 'vitest';
import { newMember } from './members.js';
import { testStore } from './test/support.js';

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
});
