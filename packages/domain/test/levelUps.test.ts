import { describe, expect, it } from 'vitest';
import { levelSeenAfter, markLevelUpSeen } from '../src/levelUps.js';
import { joinMovement, memberView } from '../src/members.js';
import { withPoints } from '../src/points.js';
import { UNKNOWN_ID, testStore } from './support.js';

const now = new Date('2026-03-02T15:00:00Z');

/** A member who joined (Explorer, seen) and then reached `points` in all. */
async function memberWith(points: number) {
  const { store, data } = testStore();
  const { member } = await joinMovement(store, { name: 'Ann', email: 'ann@example.org', zipCode: '10001' }, now);
  await store.updateMember(member.id, withPoints({ points: 0 }, points));
  return { store, data, id: member.id };
}

describe('levelSeenAfter', () => {
  it('moves up to the acknowledged level when it is above the seen one and reached', () => {
    expect(levelSeenAfter({ level: 'Advocate', levelSeen: 'Explorer' }, 'Agent')).toBe('Agent');
    expect(levelSeenAfter({ level: 'Advocate', levelSeen: 'Explorer' }, 'Advocate')).toBe('Advocate');
  });

  it('ignores a stale level (at or below the seen one) and a level not reached', () => {
    expect(levelSeenAfter({ level: 'Advocate', levelSeen: 'Agent' }, 'Explorer')).toBe('Agent');
    expect(levelSeenAfter({ level: 'Advocate', levelSeen: 'Agent' }, 'Agent')).toBe('Agent');
    expect(levelSeenAfter({ level: 'Agent', levelSeen: 'Explorer' }, 'Guardian')).toBe('Explorer');
  });

  it('reads data with no levelSeen as seen up to the current level', () => {
    expect(levelSeenAfter({ level: 'Agent' }, 'Agent')).toBe('Agent');
    expect(levelSeenAfter({ level: 'Agent' }, 'Advocate')).toBe('Agent');
  });
});

describe('markLevelUpSeen', () => {
  it('records the celebrated level, after which the view has no levelUp until the next level', async () => {
    const { store, id } = await memberWith(60);
    expect(memberView((await store.memberById(id))!, now).levelUp).toBe('Agent');

    const view = await markLevelUpSeen(store, id, 'Agent', now);
    expect(view).toMatchObject({ peacemakerLevel: 'Agent', levelUp: null });
    expect((await store.memberById(id))?.levelSeen).toBe('Agent');

    await store.updateMember(id, withPoints({ points: 60 }, 100));
    expect(memberView((await store.memberById(id))!, now).levelUp).toBe('Advocate');
  });

  it('a skipped level is celebrated as the level reached: seeing it clears the pending level-up', async () => {
    const { store, id } = await memberWith(160);
    expect((await markLevelUpSeen(store, id, 'Advocate', now)).levelUp).toBeNull();
    expect((await store.memberById(id))?.levelSeen).toBe('Advocate');
  });

  it('a stale or higher level changes nothing and still answers the view', async () => {
    const { store, id } = await memberWith(160);
    // Seeing an intermediate level moves levelSeen, but Advocate is still to celebrate.
    expect((await markLevelUpSeen(store, id, 'Agent', now)).levelUp).toBe('Advocate');
    const before = await store.memberById(id);
    expect((await markLevelUpSeen(store, id, 'Explorer', now)).levelUp).toBe('Advocate');
    expect((await markLevelUpSeen(store, id, 'Guardian', now)).levelUp).toBe('Advocate');
    expect(await store.memberById(id)).toEqual(before);
  });

  it('leaves data from before level-ups were noticed as it is', async () => {
    const { store, data, id } = await memberWith(60);
    const stored = data.members.find((m) => m.id === id)!;
    delete stored.levelSeen;
    expect((await markLevelUpSeen(store, id, 'Agent', now)).levelUp).toBeNull();
    expect((await store.memberById(id))?.levelSeen).toBeUndefined();
  });

  it('refuses an unknown member (404)', async () => {
    const { store } = testStore();
    await expect(markLevelUpSeen(store, UNKNOWN_ID, 'Agent', now)).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });
});
