import { describe, expect, it } from 'vitest';
import { unsubscribe, updateEmailSettings } from '../src/emailSettings.js';
import { joinMovement } from '../src/members.js';
import { UNKNOWN_ID, testStore } from './support.js';

async function member() {
  const { store } = testStore();
  const { member: ann } = await joinMovement(
    store,
    { name: 'Ann', email: 'ann@example.org', zipCode: '10001' },
    new Date('2026-03-02T15:00:00Z'),
  );
  return { store, ann };
}

describe('e-mail settings', () => {
  it('saves and answers the three settings', async () => {
    const { store, ann } = await member();
    const settings = { emailReminders: false, reminderTime: '18:00', timezone: 'America/Chicago' } as const;
    expect(await updateEmailSettings(store, ann.id, settings)).toEqual(settings);
    expect(await store.memberById(ann.id)).toMatchObject(settings);
    await expect(updateEmailSettings(store, UNKNOWN_ID, settings)).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });

  it('unsubscribe turns reminders off for the member a token names', async () => {
    const { store, ann } = await member();
    expect(await unsubscribe(store, ann.id)).toEqual({ emailReminders: false });
    expect((await store.memberById(ann.id))?.emailReminders).toBe(false);
  });

  it('unsubscribe refuses a token that did not verify (400 on token) and one naming no member (404)', async () => {
    const { store } = await member();
    await expect(unsubscribe(store, undefined)).rejects.toThrow(
      expect.objectContaining({ code: 'validation_failed', fields: { token: ['This unsubscribe link is not valid'] } }),
    );
    await expect(unsubscribe(store, UNKNOWN_ID)).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
