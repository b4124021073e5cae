import { describe, expect, it } from 'vitest';
import { Member } from '@prr/contract';
import { AFTER_EXPERIMENT_MESSAGES, chooseAfterExperiment } from '../src/afterExperiment.js';
import { joinMovement, memberView } from '../src/members.js';
import { UNKNOWN_ID, testStore } from './support.js';

// 10:00 in New York on the day of joining.
const joinedAt = new Date('2026-03-02T15:00:00Z');
const DAY = 86_400_000;
/** Noon (New York) on the member's day `day`. */
const onDay = (day: number) => new Date(Date.parse('2026-03-02T17:00:00Z') + (day - 1) * DAY);

async function setup() {
  const { store } = testStore();
  const { member } = await joinMovement(
    store,
    { name: 'Ann Lee', email: 'ann@example.org', zipCode: '10001' },
    joinedAt,
  );
  return { store, member };
}

describe('chooseAfterExperiment', () => {
  it('refuses before day 91 with a 409 conflict, changing nothing (day 90 is still the experiment)', async () => {
    const { store, member } = await setup();
    for (const day of [1, 90]) {
      await expect(chooseAfterExperiment(store, member.id, 'stop', onDay(day))).rejects.toThrow(
        expect.objectContaining({ code: 'conflict', message: AFTER_EXPERIMENT_MESSAGES.notYet }),
      );
    }
    expect(await store.memberById(member.id)).toStrictEqual(member);
  });

  it("'continue' from day 91 stores the choice and turns the reminders on, answering the member's view", async () => {
    const { store, member } = await setup();
    await store.updateMember(member.id, { emailReminders: false });
    const view = await chooseAfterExperiment(store, member.id, 'continue', onDay(91));
    expect(Member.parse(view)).toStrictEqual(view);
    expect(view).toMatchObject({ completed: true, currentDay: 90, afterExperiment: 'continue', emailReminders: true });
    const stored = (await store.memberById(member.id))!;
    expect(stored).toMatchObject({ afterExperiment: 'continue', emailReminders: true });
    expect(view).toStrictEqual(memberView(stored, onDay(91)));
  });

  it("'stop' stores the choice and turns the reminders off; a later choice replaces it", async () => {
    const { store, member } = await setup();
    const stopped = await chooseAfterExperiment(store, member.id, 'stop', onDay(120));
    expect(stopped).toMatchObject({ afterExperiment: 'stop', emailReminders: false });
    expect(await store.memberById(member.id)).toMatchObject({ afterExperiment: 'stop', emailReminders: false });
    const resumed = await chooseAfterExperiment(store, member.id, 'continue', onDay(121));
    expect(resumed).toMatchObject({ afterExperiment: 'continue', emailReminders: true });
  });

  it("counts day 91 in the member's time zone", async () => {
    const { store, member } = await setup();
    await store.updateMember(member.id, { timezone: 'Pacific/Honolulu' });
    // Day 91 starts at 00:00 in New York (04:00 UTC on 31 May); in Honolulu it is still day 90 (18:00 on the 30th).
    const newYorkMidnight = new Date('2026-05-31T04:00:00Z');
    await expect(chooseAfterExperiment(store, member.id, 'stop', newYorkMidnight)).rejects.toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
    await store.updateMember(member.id, { timezone: 'America/New_York' });
    expect(await chooseAfterExperiment(store, member.id, 'stop', newYorkMidnight)).toMatchObject({ completed: true });
  });

  it('answers not_found for an unknown member', async () => {
    const { store } = await setup();
    await expect(chooseAfterExperiment(store, UNKNOWN_ID, 'stop', onDay(91))).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });
});
