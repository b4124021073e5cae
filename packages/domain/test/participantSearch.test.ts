import { describe, expect, it } from 'vitest';
import { AdminMemberQuery } from '@prr/contract';
import { addParticipant, deleteParticipant, setParticipantStatus, updateParticipant } from '../src/participants.js';
import { adminMemberPage } from '../src/participantSearch.js';
import { isAppError } from '../src/errors.js';
import { reflectionRequest, rippleRequest, testClock, testStore, UNKNOWN_ID } from './support.js';
import { saveReflection } from '../src/reflections.js';
import { recordRippleEffect } from '../src/rippleEffects.js';

async function seeded() {
  const { store, data } = testStore();
  const clock = testClock('2026-03-01T00:00:00Z');
  const add = async (name: string, email: string, state: string, zipCode: string) => {
    clock.advance(60_000);
    return addParticipant(store, { name, email, state, zipCode }, clock.now());
  };
  const people = {
    ann: await add('ann Lee', 'ann@example.org', 'Texas', '73301'),
    bob: await add('Bob Stone', 'bob@Mail.example', 'Ohio', '43004'),
    cat: await add('Cat 100%_done', 'cat@example.org', 'Texas', '75001'),
    dan: await add('Dan Brook', 'dan@example.org', 'Maine', '04001'),
  };
  return { store, data, people };
}

const page = (store: Awaited<ReturnType<typeof seeded>>['store'], query: Record<string, unknown>) =>
  adminMemberPage(store, AdminMemberQuery.parse(query)).then((p) => ({ ...p, names: p.items.map((m) => m.name) }));

describe('the admin participant list', () => {
  it('matches part of a name or e-mail in any case, or the start of a ZIP code', async () => {
    const { store } = await seeded();
    expect((await page(store, { q: 'LEE' })).names).toEqual(['ann Lee']);
    expect((await page(store, { q: 'mail.EX' })).names).toEqual(['Bob Stone']);
    expect((await page(store, { q: '750' })).names).toEqual(['Cat 100%_done']);
    // A ZIP matches from its start only: '001' is inside 75001 and 04001, which do not start with it.
    expect((await page(store, { q: '001' })).names).toEqual([]);
    expect((await page(store, { q: '%_' })).names).toEqual(['Cat 100%_done']);
  });

  it('filters by state (name or code) and status, and sorts four ways with the total', async () => {
    const { store, people } = await seeded();
    await setParticipantStatus(store, people.ann.id, false);
    expect((await page(store, { state: 'tx' })).names).toEqual(['Cat 100%_done', 'ann Lee']);
    expect((await page(store, { status: 'inactive' })).names).toEqual(['ann Lee']);
    expect((await page(store, { status: 'active', sort: 'oldest' })).names).toEqual([
      'Bob Stone',
      'Cat 100%_done',
      'Dan Brook',
    ]);
    expect((await page(store, { sort: 'name' })).names).toEqual(['ann Lee', 'Bob Stone', 'Cat 100%_done', 'Dan Brook']);
    expect((await page(store, { sort: 'name-desc' })).names).toEqual([
      'Dan Brook',
      'Cat 100%_done',
      'Bob Stone',
      'ann Lee',
    ]);
  });

  it('pages with a total; a page past the last has no items', async () => {
    const { store } = testStore();
    for (let i = 0; i < 27; i += 1) {
      await addParticipant(
        store,
        { name: `P${i}`, email: `p${i}@example.org`, state: 'Ohio', zipCode: '43004' },
        new Date(Date.UTC(2026, 2, 1, 0, i)),
      );
    }
    const second = await page(store, { page: 2 });
    expect(second).toMatchObject({ total: 27, page: 2, pageSize: 25, names: ['P1', 'P0'] });
    expect(await page(store, { page: 3 })).toMatchObject({ total: 27, items: [] });
    expect((await page(store, { pageSize: 10 })).items).toHaveLength(10);
  });
});

describe('correcting, deactivating and deleting a participant', () => {
  it('edits name, state (a code) and ZIP by the rules of Add', async () => {
    const { store, people } = await seeded();
    const edited = await updateParticipant(store, people.bob.id, {
      name: 'Robert Stone',
      state: 'me',
      zipCode: '04002',
    });
    expect(edited).toMatchObject({ name: 'Robert Stone', state: 'Maine', zipCode: '04002', email: 'bob@Mail.example' });
    expect(await store.memberById(people.bob.id)).toMatchObject({ name: 'Robert Stone', state: 'Maine' });
  });

  it('refuses D.C. and an unknown state on the state field, and an unknown id with 404', async () => {
    const { store, people } = await seeded();
    const fieldsOf = (error: unknown) => (isAppError(error) ? error.fields : undefined);
    await expect(
      updateParticipant(store, people.bob.id, { name: 'Bob', state: 'DC', zipCode: '20001' }).catch(fieldsOf),
    ).resolves.toEqual({ state: ['Washington, D.C. is not on the map: choose one of the 50 states'] });
    await expect(
      updateParticipant(store, people.bob.id, { name: 'Bob', state: 'Narnia', zipCode: '20001' }).catch(fieldsOf),
    ).resolves.toEqual({ state: ['Enter a US state name or its two-letter code'] });
    await expect(setParticipantStatus(store, UNKNOWN_ID, false)).rejects.toMatchObject({ status: 404 });
  });

  it('deletes the member with their reflections, achievements and ripple effects', async () => {
    const { store, data, people } = await seeded();
    const now = new Date('2026-03-01T12:00:00Z');
    await saveReflection(store, people.dan.id, reflectionRequest(1, { date: '2026-03-01' }), now);
    await recordRippleEffect(store, people.dan.id, rippleRequest(1), now);
    await store.insertAchievement({
      id: 'a1',
      memberId: people.dan.id,
      title: 'Empathy Champion',
      description: 'Empathy 8 or more',
      icon: 'heart',
      category: 'empathy',
      dayEarned: 1,
      points: 25,
      achievementType: 'empathy_champion',
      awardedAt: now.toISOString(),
    });
    expect([data.reflections.length, data.achievements.length, data.rippleEffects.length]).toEqual([1, 1, 1]);
    expect(await deleteParticipant(store, people.dan.id)).toEqual({ deleted: true });
    expect(await store.memberById(people.dan.id)).toBeUndefined();
    expect([data.reflections, data.achievements, data.rippleEffects]).toEqual([[], [], []]);
    await expect(deleteParticipant(store, people.dan.id)).rejects.toMatchObject({ status: 404 });
  });
});
