import { describe, expect, it } from 'vitest';
import { AdminMember, AdminMemberQuery } from '@prr/contract';
import { errorAnswer, isAppError } from '../src/errors.js';
import { joinMovement } from '../src/members.js';
import { addParticipant } from '../src/participants.js';
import { adminMemberPage } from '../src/participantSearch.js';
import { testClock, testStore } from './support.js';

const now = new Date('2026-03-02T15:00:00Z');

describe('participants', () => {
  it('adds with a canonical state name from a name or code, +25 points, active', async () => {
    const { store } = testStore();
    const added = await addParticipant(
      store,
      { name: 'Jo', email: 'jo@example.org', state: 'tx', zipCode: '73301' },
      now,
    );
    expect(AdminMember.parse(added)).toEqual(added);
    expect(added).toMatchObject({ state: 'Texas', isActive: true, zipCode: '73301' });
    expect((await store.memberById(added.id))?.points).toBe(25);
    const second = await addParticipant(
      store,
      { name: 'Al', email: 'al@example.org', state: 'new york', zipCode: '10001' },
      now,
    );
    expect(second.state).toBe('New York');
  });

  it('refuses an unknown state with fields.state', async () => {
    const { store, data } = testStore();
    await expect(
      addParticipant(store, { name: 'Jo', email: 'jo@example.org', state: 'Narnia', zipCode: '12345' }, now),
    ).rejects.toThrow(expect.objectContaining({ code: 'validation_failed', fields: { state: [expect.any(String)] } }));
    expect(data.members).toEqual([]);
  });

  it("refuses a member's e-mail, any case, with a 409 that names the e-mail field", async () => {
    const { store, data } = testStore();
    await joinMovement(store, { name: 'Jo', email: 'Jo@example.org', zipCode: '73301' }, now);
    const refused = await addParticipant(
      store,
      { name: 'Jo', email: ' JO@example.org', state: 'TX', zipCode: '73301' },
      now,
    ).catch((e: unknown) => e);
    if (!isAppError(refused)) throw new Error('expected an AppError');
    expect(errorAnswer(refused)).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'A participant with this email already exists',
          fields: { email: ['A participant with this email already exists'] },
        },
      },
    });
    expect(data.members).toHaveLength(1);
  });

  it('lists members newest first; the same instant: the last added first', async () => {
    const { store } = testStore();
    const clock = testClock('2026-03-01T00:00:00Z');
    await joinMovement(store, { name: 'First', email: '1@example.org', zipCode: '10001' }, clock.now());
    clock.advance(60_000);
    await joinMovement(store, { name: 'Second', email: '2@example.org', zipCode: '10001' }, clock.now());
    await joinMovement(
      store,
      { name: 'Same instant, added later', email: '3@example.org', zipCode: '10001' },
      clock.now(),
    );
    const page = await adminMemberPage(store, AdminMemberQuery.parse({}));
    expect(page.items.map((m) => m.name)).toEqual(['Same instant, added later', 'Second', 'First']);
  });
});
