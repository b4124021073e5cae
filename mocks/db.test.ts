import { describe, expect, it } from 'vitest';
import { currentDay } from '@prr/domain';
import { demoMember } from './fixtures/index.js';
import { mockDb, resetMockDb } from './db.js';
import { mockStore } from './store.js';

describe('the mock store', () => {
  it('puts the data back on reset', () => {
    resetMockDb();
    mockDb.members.length = 0;
    mockDb.states[0]!.peacemakers = 123_456;
    resetMockDb();
    expect(mockDb.members.length).toBeGreaterThanOrEqual(12);
    expect(mockDb.states[0]?.peacemakers).not.toBe(123_456);
  });

  it('counts a browser without a member cookie as Jordan unless reset says otherwise, and ends every session', () => {
    resetMockDb();
    expect(mockDb.ambientMemberId).toBe(demoMember.id);
    mockDb.memberSessions.set('token', demoMember.id);
    resetMockDb({ ambientMemberId: null });
    expect(mockDb.ambientMemberId).toBeNull();
    expect(mockDb.memberSessions.size).toBe(0);
    resetMockDb();
    expect(mockDb.ambientMemberId).toBe(demoMember.id);
  });

  it('never changes the exported fixtures', async () => {
    resetMockDb();
    await mockStore.updateMember(demoMember.id, { name: 'Changed' });
    expect((await mockStore.memberById(demoMember.id))?.name).toBe('Changed');
    expect(demoMember.name).toBe('Jordan Rivera');
  });

  it('follows a reset: the store reads the fresh data', async () => {
    resetMockDb();
    await mockStore.updateMember(demoMember.id, { name: 'Changed' });
    resetMockDb();
    expect((await mockStore.memberByEmail(' JORDAN@example.com '))?.name).toBe('Jordan Rivera');
  });

  it('moves the clock when asked, in the member’s time zone', async () => {
    const jordansDay = async () => currentDay((await mockStore.memberByEmail(demoMember.email))!, mockDb.now());
    resetMockDb({ now: new Date('2025-10-07T03:59:00Z') }); // 23:59 on 6 October in New York
    expect(await jordansDay()).toBe(10);
    resetMockDb({ now: new Date('2025-10-07T04:00:00Z') }); // midnight in New York
    expect(await jordansDay()).toBe(11);
    resetMockDb({ now: new Date('2026-06-01T12:00:00Z') });
    expect(await jordansDay()).toBe(90);
    resetMockDb();
    expect(await jordansDay()).toBe(10);
  });
});
