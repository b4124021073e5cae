import { describe, expect, it } from 'vitest';
import { demoMember } from './fixtures/index.js';
import { currentDay, findMemberByEmail, mockDb, resetMockDb } from './db.js';
import { stateForZip } from './lib/zipState.js';

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

  it('never mutates the exported fixtures', () => {
    resetMockDb();
    findMemberByEmail(demoMember.email)!.name = 'Changed';
    expect(demoMember.name).toBe('Jordan Rivera');
  });

  it('moves the clock when asked, in the member’s time zone', () => {
    const jordan = () => findMemberByEmail(' JORDAN@example.com ')!;
    resetMockDb({ now: new Date('2025-10-07T03:59:00Z') }); // 23:59 on 6 October in New York
    expect(currentDay(jordan())).toBe(10);
    resetMockDb({ now: new Date('2025-10-07T04:00:00Z') }); // midnight in New York
    expect(currentDay(jordan())).toBe(11);
    resetMockDb({ now: new Date('2026-06-01T12:00:00Z') });
    expect(currentDay(jordan())).toBe(90);
    resetMockDb();
    expect(currentDay(jordan())).toBe(10);
  });
});

describe('stateForZip', () => {
  it.each([
    ['10001', 'New York'],
    ['02139', 'Massachusetts'],
    ['82001', 'Wyoming'],
    ['99501', 'Alaska'],
    ['20500', 'District of Columbia'],
    ['00000', ''],
    ['abcde', ''],
  ])('%s is in %s', (zip, state) => {
    expect(stateForZip(zip)).toBe(state);
  });
});
