import { describe, expect, it } from 'vitest';
import { MemberExport } from '@prr/contract';
import { listAchievements } from '../src/achievements.js';
import { joinMovement } from '../src/members.js';
import { proveAddress } from '../src/proof.js';
import { deleteAccount, memberExport } from '../src/memberExport.js';
import { listReflections, saveReflection } from '../src/reflections.js';
import { listRippleEffects, recordRippleEffect } from '../src/rippleEffects.js';
import { listMyStories, shareStory } from '../src/stories.js';
import { UNKNOWN_ID, reflectionRequest, rippleRequest, testClock, testStore } from './support.js';

async function setup() {
  const { store, data } = testStore();
  const clock = testClock('2026-03-02T14:00:00Z');
  const { member: ann } = await joinMovement(
    store,
    { name: 'Ann Lee', email: 'Ann@Example.org', zipCode: '10001', timezone: 'Europe/London' },
    clock.now(),
  );
  const { member: ben } = await joinMovement(
    store,
    { name: 'Ben Ortiz', email: 'ben@example.org', zipCode: '94110', invite: ann.inviteCode },
    clock.now(),
  );
  // Ben proves his address: Ann's +10 for him (docs/product/rules.md#invites).
  await proveAddress(store, ben.id, clock.now());
  return { store, data, clock, ann, ben };
}

/** Seven days of reflections (Week Warrior and Empathy Champion), two weeks of ripples and a story. */
async function fill(ctx: Awaited<ReturnType<typeof setup>>, memberId: string) {
  for (let day = 1; day <= 7; day += 1) {
    if (day > 1) ctx.clock.advanceDays(1);
    await saveReflection(ctx.store, memberId, reflectionRequest(day), ctx.clock.now());
  }
  await recordRippleEffect(ctx.store, memberId, rippleRequest(1), ctx.clock.now());
  await recordRippleEffect(ctx.store, memberId, rippleRequest(2), ctx.clock.now());
  await shareStory(ctx.store, memberId, { content: 'I paused.', location: 'Austin, TX', rating: 5 }, ctx.clock.now());
}

describe('memberExport', () => {
  it('answers everything stored about the member, in the views the member sees, and nothing of anyone else', async () => {
    const ctx = await setup();
    const { store, clock, ann, ben } = ctx;
    await fill(ctx, ann.id);
    await fill(ctx, ben.id);
    const exported = await memberExport(store, ann.id, clock.now());
    expect(MemberExport.parse(exported)).toStrictEqual(exported);
    const stored = (await store.memberById(ann.id))!;
    expect(exported).toStrictEqual({
      exportedAt: clock.now().toISOString(),
      profile: {
        id: ann.id,
        name: 'Ann Lee',
        email: 'Ann@Example.org',
        zipCode: '10001',
        state: 'New York',
        joinedAt: '2026-03-02T14:00:00.000Z',
        isActive: true,
        points: stored.points,
        peacemakerLevel: 'Advocate',
        friendsJoined: 1,
        afterExperiment: null,
      },
      emailSettings: { emailReminders: true, reminderTime: '09:00', timezone: 'Europe/London' },
      reflections: await listReflections(store, ann.id),
      achievements: await listAchievements(store, ann.id),
      rippleEffects: await listRippleEffects(store, ann.id),
      stories: await listMyStories(store, ann.id),
    });
    // 25 for joining, 10 for Ben, 7 × 2 for the reflections, 150 for the two achievements.
    expect(stored.points).toBe(25 + 10 + 14 + 150);
    expect(exported.reflections.map((r) => r.day)).toStrictEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(exported.achievements).toHaveLength(2);
    expect(exported.rippleEffects.map((r) => r.week)).toStrictEqual([2, 1]);
    expect(exported.stories).toHaveLength(1);
    const everything = JSON.stringify(exported);
    expect(everything).not.toContain(ben.id);
    expect(everything).not.toContain('ben@example.org');
  });

  it('answers empty lists for a new member, and not_found for an unknown one', async () => {
    const { store, clock, ben } = await setup();
    const exported = await memberExport(store, ben.id, clock.now());
    expect(exported).toMatchObject({ reflections: [], achievements: [], rippleEffects: [], stories: [] });
    expect(exported.profile).toMatchObject({ friendsJoined: 0, points: 25, peacemakerLevel: 'Explorer' });
    await expect(memberExport(store, UNKNOWN_ID, clock.now())).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });
});

describe('deleteAccount', () => {
  it('removes the member and all their data; the people they invited stay, without the link', async () => {
    const ctx = await setup();
    const { store, data, ann, ben } = ctx;
    await fill(ctx, ann.id);
    await fill(ctx, ben.id);
    const bensData = {
      reflections: data.reflections.filter((r) => r.memberId === ben.id),
      achievements: data.achievements.filter((a) => a.memberId === ben.id),
      rippleEffects: data.rippleEffects.filter((r) => r.memberId === ben.id),
      stories: data.stories.filter((s) => s.memberId === ben.id),
    };
    expect(await deleteAccount(store, ann.id)).toStrictEqual({ deleted: true });
    expect(await store.memberById(ann.id)).toBeUndefined();
    expect(await store.memberByEmail('ann@example.org')).toBeUndefined();
    expect(JSON.stringify(data)).not.toContain(ann.id);
    expect({
      reflections: data.reflections,
      achievements: data.achievements,
      rippleEffects: data.rippleEffects,
      stories: data.stories,
    }).toStrictEqual(bensData);
    expect(data.members.map((m) => m.id)).toStrictEqual([ben.id]);
    expect(data.members[0]!.invitedBy).toBeUndefined();
  });

  it('answers not_found when the member is already gone, changing nothing', async () => {
    const { store, data, ann } = await setup();
    await deleteAccount(store, ann.id);
    const before = structuredClone(data);
    await expect(deleteAccount(store, ann.id)).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(data).toStrictEqual(before);
  });

  it('frees the address: the same e-mail joins again as a new member', async () => {
    const { store, clock, ann } = await setup();
    await deleteAccount(store, ann.id);
    const again = await joinMovement(
      store,
      { name: 'Ann Lee', email: 'ann@example.org', zipCode: '10001' },
      clock.now(),
    );
    expect(again.created).toBe(true);
    expect(again.member.id).not.toBe(ann.id);
  });
});
