import { describe, expect, it } from 'vitest';
import { ReflectionSaved, levelForPoints, type ReflectionRequest } from '@prr/contract';
import { listAchievements } from '../src/achievements.js';
import { joinMovement } from '../src/members.js';
import type { MemoryData } from '../src/memoryStore.js';
import type { DomainWrites } from '../src/ports.js';
import { promptForDay } from '../src/prompts.js';
import { listReflections, saveReflection } from '../src/reflections.js';
import { UNKNOWN_ID, reflectionRequest as body, testClock, testStore, type TestClock } from './support.js';

interface Ctx {
  store: DomainWrites;
  data: MemoryData;
  clock: TestClock;
  memberId: string;
}

async function setup(): Promise<Ctx> {
  const { store, data } = testStore();
  const clock = testClock('2026-03-02T14:00:00Z'); // 09:00 in New York
  const { member } = await joinMovement(
    store,
    { name: 'Ann', email: 'ann@example.org', zipCode: '10001' },
    clock.now(),
  );
  return { store, data, clock, memberId: member.id };
}

/** saveReflection for the session's member at the clock's time, as the route runs it. */
function save(ctx: Ctx, request: ReflectionRequest, memberId: string = ctx.memberId) {
  return saveReflection(ctx.store, memberId, request, ctx.clock.now());
}

/** Saves one reflection per day for days 1..n, moving the clock along. */
async function saveDays(ctx: Ctx, n: number, overrides: (day: number) => Partial<ReflectionRequest> = () => ({})) {
  const results = [];
  for (let day = 1; day <= n; day += 1) {
    if (day > 1) ctx.clock.advanceDays(1);
    results.push(await save(ctx, body(day, { paused: false, empathyScore: 5, ...overrides(day) })));
  }
  return results;
}

describe('saveReflection: points and levels', () => {
  it("gives +2 for a day's first reflection and answers ReflectionSaved", async () => {
    const ctx = await setup();
    const saved = await save(ctx, body(1, { paused: false }));
    expect(ReflectionSaved.parse(saved)).toEqual(saved);
    expect(saved).toMatchObject({
      pointsAwarded: 2,
      newAchievements: [],
      peacemakerLevel: 'Explorer',
      levelProgressPoints: 27,
    });
    expect((await ctx.store.memberById(ctx.memberId))?.points).toBe(27);
  });

  it('saving the same day again updates that reflection and gives 0 points', async () => {
    const ctx = await setup();
    const first = await save(ctx, body(1, { notes: 'first' }));
    const second = await save(ctx, body(1, { notes: 'second' }));
    expect(second.pointsAwarded).toBe(0);
    expect(second.reflection.id).toBe(first.reflection.id);
    expect(second.levelProgressPoints).toBe(27);
    const list = await listReflections(ctx.store, ctx.memberId);
    expect(list).toHaveLength(1);
    expect(list[0]?.notes).toBe('second');
  });

  it("answers savedAt, the last save's time: an update moves it on, and the list answers the same", async () => {
    const ctx = await setup();
    const first = await save(ctx, body(1, { notes: 'first' }));
    expect(first.reflection.savedAt).toBe('2026-03-02T14:00:00.000Z');
    ctx.clock.advance(5 * 60_000);
    const second = await save(ctx, body(1, { notes: 'second' }));
    expect(second.reflection.savedAt).toBe('2026-03-02T14:05:00.000Z');
    expect(second.pointsAwarded).toBe(0);
    expect(await listReflections(ctx.store, ctx.memberId)).toStrictEqual([second.reflection]);
    expect((await ctx.store.reflectionOn(ctx.memberId, 1))?.savedAt).toBe('2026-03-02T14:05:00.000Z');
  });

  it('refuses a day the member has not reached yet with fields.day', async () => {
    const ctx = await setup();
    await expect(save(ctx, body(2))).rejects.toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        fields: { day: [expect.stringContaining('between 1 and 1')] },
      }),
    );
    // Nothing changed: no reflection, no points.
    expect(await ctx.store.reflectionsOf(ctx.memberId)).toHaveLength(0);
    expect((await ctx.store.memberById(ctx.memberId))?.points).toBe(25);
    ctx.clock.advanceDays(1);
    expect((await save(ctx, body(2))).pointsAwarded).toBe(2);
  });

  it('allows catching up on an earlier day', async () => {
    const ctx = await setup();
    ctx.clock.advanceDays(4);
    expect((await save(ctx, body(2, { paused: false }))).pointsAwarded).toBe(2);
  });

  it('answers not_found for an unknown member', async () => {
    const ctx = await setup();
    await expect(save(ctx, body(1), UNKNOWN_ID)).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('belongs to the member it is saved for: the answer and the list carry that id, another member sees nothing', async () => {
    const ctx = await setup();
    const { member: other } = await joinMovement(
      ctx.store,
      { name: 'Ben', email: 'ben@example.org', zipCode: '10001' },
      ctx.clock.now(),
    );
    const saved = await save(ctx, body(1));
    expect(saved.reflection.memberId).toBe(ctx.memberId);
    expect((await listReflections(ctx.store, ctx.memberId)).map((r) => [r.id, r.memberId])).toEqual([
      [saved.reflection.id, ctx.memberId],
    ]);
    expect(await listReflections(ctx.store, other.id)).toEqual([]);
    expect((await ctx.store.memberById(other.id))?.points).toBe(25);

    // The other member's own save of the same day is theirs, and a new reflection worth its points.
    const theirs = await save(ctx, body(1, { notes: 'Ben on day 1' }), other.id);
    expect(theirs.pointsAwarded).toBe(2);
    expect(theirs.reflection).toMatchObject({ memberId: other.id, notes: 'Ben on day 1' });
    expect(theirs.reflection.id).not.toBe(saved.reflection.id);
    expect((await listReflections(ctx.store, ctx.memberId))[0]?.notes).toBe('Counted to three.');
  });

  it('lists newest first', async () => {
    const ctx = await setup();
    await saveDays(ctx, 3);
    expect((await listReflections(ctx.store, ctx.memberId)).map((r) => r.day)).toEqual([3, 2, 1]);
  });
});

describe("saveReflection: the day's own prompt", () => {
  it('is stored without reflectionPrompt and filled back in by the view; another text is stored as given', async () => {
    const ctx = await setup();
    ctx.clock.advanceDays(1);
    const ownPrompt = promptForDay(1)!.prompt;
    expect(ownPrompt.length).toBeGreaterThan(0);

    const saved = await save(ctx, body(1, { reflectionPrompt: ownPrompt }));
    expect(saved.reflection.reflectionPrompt).toBe(ownPrompt);
    const [stored] = await ctx.store.reflectionsOf(ctx.memberId);
    expect(stored).toBeDefined();
    expect(stored).not.toHaveProperty('reflectionPrompt');
    expect(ctx.data.reflections.find((r) => r.id === saved.reflection.id)).not.toHaveProperty('reflectionPrompt');
    expect((await listReflections(ctx.store, ctx.memberId))[0]?.reflectionPrompt).toBe(ownPrompt);

    // Day 2 with day 1's prompt: not that day's own text, so it is kept.
    const other = await save(ctx, body(2, { reflectionPrompt: ownPrompt }));
    expect(other.reflection.reflectionPrompt).toBe(ownPrompt);
    const day2 = (await ctx.store.reflectionsOf(ctx.memberId)).find((r) => r.day === 2);
    expect(day2?.reflectionPrompt).toBe(ownPrompt);

    // Saving day 1 again with another text stores that text; saving the own prompt again drops it.
    await save(ctx, body(1, { reflectionPrompt: 'My own question' }));
    expect((await ctx.store.reflectionsOf(ctx.memberId)).find((r) => r.day === 1)?.reflectionPrompt).toBe(
      'My own question',
    );
    await save(ctx, body(1, { reflectionPrompt: ownPrompt }));
    expect((await ctx.store.reflectionsOf(ctx.memberId)).find((r) => r.day === 1)).not.toHaveProperty(
      'reflectionPrompt',
    );
    expect((await listReflections(ctx.store, ctx.memberId)).map((r) => [r.day, r.reflectionPrompt])).toEqual([
      [2, ownPrompt],
      [1, ownPrompt],
    ]);
  });
});

describe('achievements', () => {
  it('Week Warrior: 7 consecutive paused days, +50, once', async () => {
    const ctx = await setup();
    const results = await saveDays(ctx, 7, () => ({ paused: true }));
    expect(results.slice(0, 6).every((r) => r.newAchievements.length === 0)).toBe(true);
    const seventh = results[6]!;
    expect(seventh.newAchievements).toEqual([
      expect.objectContaining({ achievementType: 'week_streak', title: 'Week Warrior', points: 50, dayEarned: 7 }),
    ]);
    expect(seventh.pointsAwarded).toBe(52);
    // 25 + 7*2 + 50 = 89: Agent.
    expect(seventh.levelProgressPoints).toBe(89);
    expect(seventh.peacemakerLevel).toBe('Agent');

    // Day 8 paused too: still only one Week Warrior.
    ctx.clock.advanceDays(1);
    const eighth = await save(ctx, body(8, { paused: true, empathyScore: 5 }));
    expect(eighth.newAchievements).toEqual([]);
    expect(await listAchievements(ctx.store, ctx.memberId)).toHaveLength(1);
  });

  it('Week Warrior needs the days to be consecutive and all paused', async () => {
    const ctx = await setup();
    // Days 1..8 with day 4 missing: 7 paused reflections but not 7 consecutive days.
    for (let day = 1; day <= 8; day += 1) {
      if (day > 1) ctx.clock.advanceDays(1);
      if (day === 4) continue;
      await save(ctx, body(day, { paused: true, empathyScore: 5 }));
    }
    expect(await ctx.store.achievementsOf(ctx.memberId)).toHaveLength(0);

    const other = await setup();
    await saveDays(other, 7, (day) => ({ paused: day !== 3 }));
    expect(await other.store.achievementsOf(other.memberId)).toHaveLength(0);
  });

  it('Empathy Champion: the latest 7 reflections all with empathy >= 8, +100, once', async () => {
    const ctx = await setup();
    const results = await saveDays(ctx, 7, (day) => ({ empathyScore: day === 1 ? 8 : 10 }));
    expect(results[6]!.newAchievements).toEqual([
      expect.objectContaining({ achievementType: 'empathy_champion', title: 'Empathy Champion', points: 100 }),
    ]);
    // 25 + 14 + 100 = 139: still Agent (Advocate needs 150).
    expect(results[6]!.levelProgressPoints).toBe(139);
    expect(levelForPoints(139)).toBe('Agent');
    ctx.clock.advanceDays(1);
    const again = await save(ctx, body(8, { empathyScore: 9, paused: false }));
    expect(again.newAchievements).toEqual([]);
  });

  it('Empathy Champion is not earned with a 7 among the latest seven', async () => {
    const ctx = await setup();
    await saveDays(ctx, 7, (day) => ({ empathyScore: day === 4 ? 7 : 9 }));
    expect(await ctx.store.achievementsOf(ctx.memberId)).toHaveLength(0);
  });

  it('both at once: 25 + 14 + 50 + 100 = 189 points, Advocate', async () => {
    const ctx = await setup();
    const results = await saveDays(ctx, 7, () => ({ paused: true, empathyScore: 9 }));
    const last = results[6]!;
    expect(last.newAchievements.map((a) => a.achievementType).sort()).toEqual(['empathy_champion', 'week_streak']);
    expect(last.pointsAwarded).toBe(152);
    expect(last).toMatchObject({ levelProgressPoints: 189, peacemakerLevel: 'Advocate' });
  });

  it('an update that completes the rule awards it once, and a later worse update does not take it back', async () => {
    const ctx = await setup();
    await saveDays(ctx, 7, (day) => ({ paused: day !== 7 }));
    expect(await ctx.store.achievementsOf(ctx.memberId)).toHaveLength(0);
    const fixed = await save(ctx, body(7, { paused: true, empathyScore: 5 }));
    expect(fixed.pointsAwarded).toBe(50);
    await save(ctx, body(7, { paused: false, empathyScore: 5 }));
    expect(await ctx.store.achievementsOf(ctx.memberId)).toHaveLength(1);
  });
});

describe('what the save and the lists answer', () => {
  it('dates an achievement by the day of the reflection that earned it, also when catching up', async () => {
    const ctx = await setup();
    ctx.clock.advanceDays(9); // day 10
    for (let day = 1; day <= 7; day += 1) await save(ctx, body(day, { paused: true, empathyScore: 5 }));
    const [earned] = await listAchievements(ctx.store, ctx.memberId);
    expect(earned).toMatchObject({ achievementType: 'week_streak', dayEarned: 7 });
  });

  it('lists achievements oldest first, the two of one save in the catalogue order', async () => {
    const ctx = await setup();
    await saveDays(ctx, 7, () => ({ paused: true, empathyScore: 9 }));
    expect((await listAchievements(ctx.store, ctx.memberId)).map((a) => [a.achievementType, a.category])).toEqual([
      ['week_streak', 'consistency'],
      ['empathy_champion', 'empathy'],
    ]);
  });

  it('reads a stored exercise outside the contract set as none, and a category in another spelling as the catalogue has it', async () => {
    const ctx = await setup();
    const saved = await save(ctx, body(1, { exerciseType: '' }));
    expect(saved.reflection.exerciseType).toBe('');
    ctx.data.reflections[0]!.exerciseType = 'perspective';
    expect((await listReflections(ctx.store, ctx.memberId))[0]?.exerciseType).toBe('');

    await saveDays(ctx, 7, () => ({ paused: true }));
    ctx.data.achievements[0]!.category = 'Consistency';
    expect((await listAchievements(ctx.store, ctx.memberId))[0]?.category).toBe('consistency');
  });
});
