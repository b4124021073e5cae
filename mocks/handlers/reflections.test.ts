/** The reflection rules the contract suite cannot reach over HTTP: a new member is only on day 1. */
import { beforeEach, describe, expect, it } from 'vitest';
import { REFLECTION_DEFAULTS, ReflectionList, ReflectionSaved, api, type ReflectionRequest } from '@prr/contract';
import { addDays } from '@prr/domain';
import { mockDb } from '../db.js';
import { demoMember, quietMember } from '../fixtures/index.js';
import { request, useMockServer } from '../testing.js';

useMockServer();
// Priya is the one signed in (as the ambient member: no cookie needed) unless a case says otherwise.
beforeEach(() => {
  mockDb.ambientMemberId = quietMember.id;
});

function entry(day: number, overrides: Partial<ReflectionRequest> = {}): ReflectionRequest {
  return {
    ...REFLECTION_DEFAULTS,
    day,
    date: addDays('2025-09-16', day - 1),
    paused: true,
    empathyScore: 8,
    reflectionPrompt: 'Prompt',
    exerciseType: 'breathing',
    completedExercises: 1,
    ...overrides,
  };
}

async function save(body: ReflectionRequest) {
  const res = await request(api.saveReflection, { json: body });
  expect(res.status).toBe(200);
  return ReflectionSaved.parse(res.body);
}

describe('saving reflections (mocks)', () => {
  it('awards Week Warrior and Empathy Champion on the seventh qualifying day, once each', async () => {
    for (let day = 1; day <= 6; day += 1) expect((await save(entry(day))).newAchievements).toEqual([]);
    const seventh = await save(entry(7));
    expect(seventh.newAchievements.map((a) => [a.achievementType, a.title, a.points])).toEqual([
      ['week_streak', 'Week Warrior', 50],
      ['empathy_champion', 'Empathy Champion', 100],
    ]);
    expect(seventh.pointsAwarded).toBe(2 + 50 + 100);
    // 25 for joining + 7 x 2 + 150 = 189.
    expect(seventh).toMatchObject({ levelProgressPoints: 189, peacemakerLevel: 'Advocate' });
    // The reflection is the signed-in member's, though the body never named them.
    expect(seventh.reflection.memberId).toBe(quietMember.id);

    const eighth = await save(entry(8));
    expect(eighth.newAchievements).toEqual([]);
    const achievements = await request(api.achievements);
    expect(achievements.body).toHaveLength(2);
  });

  it('does not award Week Warrior for seven paused reflections on days that are not consecutive', async () => {
    for (const day of [1, 2, 3, 5, 6, 7, 8]) await save(entry(day, { empathyScore: 5 }));
    const achievements = await request(api.achievements);
    expect(achievements.body).toEqual([]);
  });

  it('does not award Empathy Champion when one of the latest 7 is below 8', async () => {
    for (let day = 1; day <= 7; day += 1) await save(entry(day, { paused: false, empathyScore: day === 4 ? 7 : 9 }));
    const achievements = await request(api.achievements);
    expect(achievements.body).toEqual([]);
  });

  it('refuses a save without a signed-in member', async () => {
    mockDb.ambientMemberId = null;
    const res = await request(api.saveReflection, { json: entry(1) });
    expect(res.status).toBe(401);
    expect(mockDb.reflections.filter((r) => r.memberId === quietMember.id)).toEqual([]);
  });

  it("refuses a day after the member's current day with a field message", async () => {
    const res = await request(api.saveReflection, { json: entry(22) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { fields: { day: ["Day must be between 1 and 21, the member's current day"] } },
    });
  });

  it("lists Jordan's reflections newest first", async () => {
    mockDb.ambientMemberId = demoMember.id;
    const res = await request(api.reflections);
    expect(ReflectionList.parse(res.body).map((r) => r.day)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('gives Jordan no further achievement: both are already earned', async () => {
    mockDb.ambientMemberId = demoMember.id;
    const saved = await save({ ...entry(10), empathyScore: 10 });
    expect(saved).toMatchObject({ pointsAwarded: 0, newAchievements: [] });
  });
});
