import { describe, expect, it } from 'vitest';
import { ReflectionSaved, levelForPoints } from '@prr/contract';
import { memoryRepo } from '../../test/fixtures.js';
import { reflectionBody } from '../../test/helpers.js';
import { FakeClock } from '../clock.js';
import type { Repo } from '../store/repo.js';
import { listAchievements } from './achievements.js';
import { joinMovement } from './members.js';
import { listReflections, saveReflection } from './reflections.js';

function setup(): { repo: Repo; clock: FakeClock; memberId: string } {
  const repo = memoryRepo();
  const clock = new FakeClock('2026-03-02T14:00:00Z'); // 09:00 in New York
  const { member } = joinMovement(repo, { name: 'Ann', email: 'ann@example.org', zipCode: '10001' }, clock.now());
  return { repo, clock, memberId: member.id };
}

/** Saves one reflection per day for days 1..n, moving the clock along. */
function saveDays(ctx: ReturnType<typeof setup>, n: number, overrides: (day: number) => Record<string, unknown> = () => ({})) {
  const results = [];
  for (let day = 1; day <= n; day += 1) {
    if (day > 1) ctx.clock.advanceDays(1);
    results.push(saveReflection(ctx.repo, reflectionBody(ctx.memberId, day, { paused: false, empathyScore: 5, ...overrides(day) }), ctx.clock.now()));
  }
  return results;
}

describe('saveReflection: points and levels', () => {
  it('gives +2 for a day\'s first reflection and answers ReflectionSaved', () => {
    const ctx = setup();
    const saved = saveReflection(ctx.repo, reflectionBody(ctx.memberId, 1, { paused: false }), ctx.clock.now());
    expect(ReflectionSaved.parse(saved)).toEqual(saved);
    expect(saved).toMatchObject({ pointsAwarded: 2, newAchievements: [], peacemakerLevel: 'Explorer', levelProgressPoints: 27 });
    expect(ctx.repo.memberById(ctx.memberId)?.points).toBe(27);
  });

  it('saving the same day again updates that reflection and gives 0 points', () => {
    const ctx = setup();
    const first = saveReflection(ctx.repo, reflectionBody(ctx.memberId, 1, { notes: 'first' }), ctx.clock.now());
    const second = saveReflection(ctx.repo, reflectionBody(ctx.memberId, 1, { notes: 'second' }), ctx.clock.now());
    expect(second.pointsAwarded).toBe(0);
    expect(second.reflection.id).toBe(first.reflection.id);
    expect(second.levelProgressPoints).toBe(27);
    const list = listReflections(ctx.repo, ctx.memberId);
    expect(list).toHaveLength(1);
    expect(list[0]?.notes).toBe('second');
  });

  it('refuses a day the member has not reached yet with fields.day', () => {
    const ctx = setup();
    expect(() => saveReflection(ctx.repo, reflectionBody(ctx.memberId, 2), ctx.clock.now())).toThrow(
      expect.objectContaining({ code: 'validation_failed', fields: { day: [expect.stringContaining('between 1 and 1')] } }),
    );
    // Nothing changed: no reflection, no points.
    expect(ctx.repo.reflectionsOf(ctx.memberId)).toHaveLength(0);
    expect(ctx.repo.memberById(ctx.memberId)?.points).toBe(25);
    ctx.clock.advanceDays(1);
    expect(saveReflection(ctx.repo, reflectionBody(ctx.memberId, 2), ctx.clock.now()).pointsAwarded).toBe(2);
  });

  it('allows catching up on an earlier day', () => {
    const ctx = setup();
    ctx.clock.advanceDays(4);
    expect(saveReflection(ctx.repo, reflectionBody(ctx.memberId, 2, { paused: false }), ctx.clock.now()).pointsAwarded).toBe(2);
  });

  it('answers not_found for an unknown member', () => {
    const ctx = setup();
    expect(() =>
      saveReflection(ctx.repo, reflectionBody('6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00', 1), ctx.clock.now()),
    ).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('lists newest first', () => {
    const ctx = setup();
    saveDays(ctx, 3);
    expect(listReflections(ctx.repo, ctx.memberId).map((r) => r.day)).toEqual([3, 2, 1]);
  });
});

describe('achievements', () => {
  it('Week Warrior: 7 consecutive paused days, +50, once', () => {
    const ctx = setup();
    const results = saveDays(ctx, 7, () => ({ paused: true }));
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
    const eighth = saveReflection(ctx.repo, reflectionBody(ctx.memberId, 8, { paused: true, empathyScore: 5 }), ctx.clock.now());
    expect(eighth.newAchievements).toEqual([]);
    expect(listAchievements(ctx.repo.achievementsOf(ctx.memberId))).toHaveLength(1);
  });

  it('Week Warrior needs the days to be consecutive and all paused', () => {
    const ctx = setup();
    // Days 1..8 with day 4 missing: 7 paused reflections but not 7 consecutive days.
    for (let day = 1; day <= 8; day += 1) {
      if (day > 1) ctx.clock.advanceDays(1);
      if (day === 4) continue;
      saveReflection(ctx.repo, reflectionBody(ctx.memberId, day, { paused: true, empathyScore: 5 }), ctx.clock.now());
    }
    expect(ctx.repo.achievementsOf(ctx.memberId)).toHaveLength(0);

    const other = setup();
    saveDays(other, 7, (day) => ({ paused: day !== 3 }));
    expect(other.repo.achievementsOf(other.memberId)).toHaveLength(0);
  });

  it('Empathy Champion: the latest 7 reflections all with empathy >= 8, +100, once', () => {
    const ctx = setup();
    const results = saveDays(ctx, 7, (day) => ({ empathyScore: day === 1 ? 8 : 10 }));
    expect(results[6]!.newAchievements).toEqual([
      expect.objectContaining({ achievementType: 'empathy_champion', title: 'Empathy Champion', points: 100 }),
    ]);
    // 25 + 14 + 100 = 139: still Agent (Advocate needs 150).
    expect(results[6]!.levelProgressPoints).toBe(139);
    expect(levelForPoints(139)).toBe('Agent');
    ctx.clock.advanceDays(1);
    const again = saveReflection(ctx.repo, reflectionBody(ctx.memberId, 8, { empathyScore: 9, paused: false }), ctx.clock.now());
    expect(again.newAchievements).toEqual([]);
  });

  it('Empathy Champion is not earned with a 7 among the latest seven', () => {
    const ctx = setup();
    saveDays(ctx, 7, (day) => ({ empathyScore: day === 4 ? 7 : 9 }));
    expect(ctx.repo.achievementsOf(ctx.memberId)).toHaveLength(0);
  });

  it('both at once: 25 + 14 + 50 + 100 = 189 points, Advocate', () => {
    const ctx = setup();
    const results = saveDays(ctx, 7, () => ({ paused: true, empathyScore: 9 }));
    const last = results[6]!;
    expect(last.newAchievements.map((a) => a.achievementType).sort()).toEqual(['empathy_champion', 'week_streak']);
    expect(last.pointsAwarded).toBe(152);
    expect(last).toMatchObject({ levelProgressPoints: 189, peacemakerLevel: 'Advocate' });
  });

  it('an update that completes the rule awards it once, and a later worse update does not take it back', () => {
    const ctx = setup();
    saveDays(ctx, 7, (day) => ({ paused: day !== 7 }));
    expect(ctx.repo.achievementsOf(ctx.memberId)).toHaveLength(0);
    const fixed = saveReflection(ctx.repo, reflectionBody(ctx.memberId, 7, { paused: true, empathyScore: 5 }), ctx.clock.now());
    expect(fixed.pointsAwarded).toBe(50);
    saveReflection(ctx.repo, reflectionBody(ctx.memberId, 7, { paused: false, empathyScore: 5 }), ctx.clock.now());
    expect(ctx.repo.achievementsOf(ctx.memberId)).toHaveLength(1);
  });
});
