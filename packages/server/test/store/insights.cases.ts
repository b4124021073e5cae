/**
 * The store suite (setup.ts): Insights' sums (docs/product/insights.md#how-they-are-computed),
 * their cache, and the evidence published on /impact. The expected sums are worked out by hand
 * from the movement below, so both stores are held to the definition (the domain's totals.ts),
 * not merely to each other.
 */
import { RETENTION_DAYS, type ImpactSnapshot } from '@prr/contract';
import { memoryInsightTotals } from '@prr/domain';
import type {
  CachedInsightTotals,
  DaySums,
  InsightFilter,
  InsightTotals,
  RetentionCount,
  StoredMember,
  StoredReflection,
} from '@prr/domain';
import { describe, expect, it } from 'vitest';
import { DAY, at, member, reflection, rippleEffect, type SuiteContext } from './setup.js';

/** Evening of 31 March in the Americas, 1 April in London and Tokyo: each member's day is counted in their zone. */
const NOW = new Date('2026-04-01T02:00:00.000Z');
const ALL: InsightFilter = { state: '', joinMonth: '' };

type Scores = Pick<StoredReflection, 'mood' | 'empathyScore' | 'selfAwarenessScore'>;
const scores = (mood: number, empathyScore: number, selfAwarenessScore = 6): Scores => ({
  mood,
  empathyScore,
  selfAwarenessScore,
});

/** One RetentionCount per RETENTION_DAYS, from [reached, reflected] pairs in its order. */
const retention = (...counts: [reached: number, reflected: number][]): RetentionCount[] =>
  RETENTION_DAYS.map((day, i) => ({ day, reached: counts[i]?.[0] ?? 0, reflected: counts[i]?.[1] ?? 0 }));

const daySums = (
  day: number,
  reflections: number,
  [mood, empathy, selfAwareness]: [number, number, number],
  [paused, reflected, retried]: [number, number, number],
): DaySums => ({ day, reflections, mood, empathy, selfAwareness, paused, reflected, retried });

const noChange = {
  members: 0,
  firstReflections: 0,
  lastReflections: 0,
  firstMood: 0,
  lastMood: 0,
  firstEmpathy: 0,
  lastEmpathy: 0,
};

/**
 * Seven active members and one inactive. Their local join date, join week (Monday) and day of the
 * experiment as of NOW:
 * - a: New York, 2026-03-01T03:00Z is 28 Feb 22:00 in New York: February, week of 23 Feb; day 32.
 * - b: New York, 2026-03-02T03:00Z is Sunday 1 Mar 22:00 (UTC: Monday 2 Mar): week of 23 Feb; day 31.
 * - c: California, 2 Mar in Los Angeles: week of 2 Mar; 31 Mar there, so day 30 (day 31 by UTC dates).
 * - d: Texas in Tokyo, 2026-03-08T16:00Z is Monday 9 Mar 01:00 (UTC: Sunday 8 Mar): week of 9 Mar; day 24.
 * - f: no state, London, 2026-03-31T23:30Z is 1 Apr 00:30 (BST): April, week of 30 Mar; day 1.
 * - g: Ohio, New York, 1 Dec 2025 (a Monday): week of 1 Dec; day 121.
 * - h: Ohio, Chicago, 2025-12-08T04:00Z is Sunday 7 Dec 22:00 (UTC: Monday 8 Dec): week of 1 Dec; day 115.
 * - e: California, inactive, with reflections and ripple records that count nowhere.
 */
function movement() {
  const a = member({ state: 'New York', timezone: 'America/New_York', joinedAt: '2026-03-01T03:00:00.000Z' });
  const b = member({ state: 'New York', timezone: 'America/New_York', joinedAt: '2026-03-02T03:00:00.000Z' });
  const c = member({ state: 'California', timezone: 'America/Los_Angeles', joinedAt: '2026-03-02T15:00:00.000Z' });
  const d = member({ state: 'Texas', timezone: 'Asia/Tokyo', joinedAt: '2026-03-08T16:00:00.000Z' });
  const f = member({ state: '', timezone: 'Europe/London', joinedAt: '2026-03-31T23:30:00.000Z' });
  const g = member({ state: 'Ohio', timezone: 'America/New_York', joinedAt: '2025-12-01T12:00:00.000Z' });
  const h = member({ state: 'Ohio', timezone: 'America/Chicago', joinedAt: '2025-12-08T04:00:00.000Z' });
  const e = member({
    state: 'California',
    timezone: 'America/Los_Angeles',
    joinedAt: '2026-03-02T15:00:00.000Z',
    isActive: false,
  });
  const members: StoredMember[] = [a, b, c, d, f, g, h, e];

  // The builder's reflection: mood 4, empathy 7, self-awareness 6, paused and reflected, not retried.
  const reflections: StoredReflection[] = [
    reflection(a.id, 1),
    reflection(a.id, 7),
    reflection(a.id, 14, { ...scores(5, 7), retried: true }),
    reflection(a.id, 30),
    reflection(b.id, 1, { ...scores(3, 5, 5), paused: false }),
    reflection(b.id, 2),
    reflection(b.id, 7),
    reflection(c.id, 1),
    reflection(c.id, 14),
    // Today's reflection: day 30 is not over for c, so it is no day-30 retention yet.
    reflection(c.id, 30),
    reflection(d.id, 7, { ...scores(6, 8, 7), reflected: false }),
    reflection(f.id, 1),
    // g: all of week 1, two days of week 12, day 90, and day 91 (continuing past the 90 days).
    ...[1, 2, 3, 4, 5, 6, 7].map((day) => reflection(g.id, day, scores(2, 3))),
    reflection(g.id, 78, scores(8, 9)),
    reflection(g.id, 80, scores(8, 9)),
    reflection(g.id, 90),
    reflection(g.id, 91),
    // h: one day of week 1, the last day of week 12, and day 85 (week 13).
    reflection(h.id, 2, scores(3, 4)),
    reflection(h.id, 84, scores(7, 8)),
    reflection(h.id, 85),
    reflection(e.id, 1, { ...scores(10, 10, 10), retried: true }),
    reflection(e.id, 7, { ...scores(10, 10, 10), retried: true }),
    reflection(e.id, 84, scores(10, 10, 10)),
  ];

  // The builder's record: 2 relationship improvements, 5 positive interactions, 1 conflict avoided, 1 inspired.
  const rippleEffects = [
    rippleEffect(a.id, 1, at()),
    rippleEffect(a.id, 2, at(), {
      relationshipImprovements: 3,
      positiveInteractions: 4,
      conflictsAvoided: 2,
      othersInspired: 0,
    }),
    rippleEffect(b.id, 1, at(), {
      relationshipImprovements: 1,
      positiveInteractions: 1,
      conflictsAvoided: 1,
      othersInspired: 1,
    }),
    // Week 0 is no week of the experiment.
    rippleEffect(g.id, 0, at()),
    rippleEffect(g.id, 1, at()),
    rippleEffect(g.id, 12, at(), {
      relationshipImprovements: 4,
      positiveInteractions: 6,
      conflictsAvoided: 0,
      othersInspired: 2,
    }),
    rippleEffect(e.id, 1, at(), {
      relationshipImprovements: 9,
      positiveInteractions: 9,
      conflictsAvoided: 9,
      othersInspired: 9,
    }),
  ];
  return { members, reflections, rippleEffects };
}

/** The whole movement's sums as of NOW, by hand. */
const WHOLE_MOVEMENT: InsightTotals = {
  members: 7,
  joinsByWeek: [
    { week: '2025-12-01', members: 2 },
    { week: '2026-02-23', members: 2 },
    { week: '2026-03-02', members: 1 },
    { week: '2026-03-09', members: 1 },
    { week: '2026-03-30', members: 1 },
  ],
  joinsByState: [
    { state: '', members: 1 },
    { state: 'California', members: 1 },
    { state: 'New York', members: 2 },
    { state: 'Ohio', members: 2 },
    { state: 'Texas', members: 1 },
  ],
  // Sums of [mood, empathy, self-awareness] and counts of [paused, reflected, retried]; no day 91.
  days: [
    daySums(1, 5, [4 + 3 + 4 + 4 + 2, 7 + 5 + 7 + 7 + 3, 6 + 5 + 6 + 6 + 6], [4, 5, 0]),
    daySums(2, 3, [4 + 2 + 3, 7 + 3 + 4, 18], [3, 3, 0]),
    daySums(3, 1, [2, 3, 6], [1, 1, 0]),
    daySums(4, 1, [2, 3, 6], [1, 1, 0]),
    daySums(5, 1, [2, 3, 6], [1, 1, 0]),
    daySums(6, 1, [2, 3, 6], [1, 1, 0]),
    daySums(7, 4, [4 + 4 + 6 + 2, 7 + 7 + 8 + 3, 6 + 6 + 7 + 6], [4, 3, 0]),
    daySums(14, 2, [5 + 4, 14, 12], [2, 2, 1]),
    daySums(30, 2, [8, 14, 12], [2, 2, 0]),
    daySums(78, 1, [8, 9, 6], [1, 1, 0]),
    daySums(80, 1, [8, 9, 6], [1, 1, 0]),
    daySums(84, 1, [7, 8, 6], [1, 1, 0]),
    daySums(85, 1, [4, 7, 6], [1, 1, 0]),
    daySums(90, 1, [4, 7, 6], [1, 1, 0]),
  ],
  // Day 7: a, b, c, d, g, h reached it; a, b, d, g saved it. Day 14: the same six; a and c.
  // Day 30: a, b, g, h (c is on day 30); a. Days 60 and 90: g and h; g saved day 90.
  retention: retention([6, 4], [6, 2], [4, 1], [2, 0], [2, 1]),
  cohorts: [
    { week: '2025-12-01', members: 2, retention: retention([2, 1], [2, 0], [2, 0], [2, 0], [2, 1]) },
    { week: '2026-02-23', members: 2, retention: retention([2, 2], [2, 1], [2, 1]) },
    { week: '2026-03-02', members: 1, retention: retention([1, 0], [1, 1]) },
    { week: '2026-03-09', members: 1, retention: retention([1, 1], [1, 0]) },
    { week: '2026-03-30', members: 1, retention: retention() },
  ],
  rippleWeeks: [
    {
      week: 1,
      members: 3,
      relationshipImprovements: 2 + 1 + 2,
      positiveInteractions: 5 + 1 + 5,
      conflictsAvoided: 3,
      othersInspired: 3,
    },
    {
      week: 2,
      members: 1,
      relationshipImprovements: 3,
      positiveInteractions: 4,
      conflictsAvoided: 2,
      othersInspired: 0,
    },
    {
      week: 12,
      members: 1,
      relationshipImprovements: 4,
      positiveInteractions: 6,
      conflictsAvoided: 0,
      othersInspired: 2,
    },
  ],
  // g and h reflected in weeks 1 and 12 (a and b in week 1 only): g's 7 + h's 1 against g's 2 + h's 1.
  change: {
    members: 2,
    firstReflections: 8,
    lastReflections: 3,
    firstMood: 7 * 2 + 3,
    lastMood: 8 + 8 + 7,
    firstEmpathy: 7 * 3 + 4,
    lastEmpathy: 9 + 9 + 8,
  },
};

function snapshot(publishedAt: string, share: number): ImpactSnapshot {
  return {
    publishedAt,
    computedAt: '2026-04-01T01:58:30.125Z',
    evidence: {
      members: { hidden: false, members: 1_204 },
      retention: [
        { day: 30, figure: { hidden: false, members: 1_020, share } },
        { day: 90, figure: { hidden: true } },
      ],
      mood: { hidden: false, members: 410, from: 5.25, to: 6.8 },
      empathy: { hidden: true },
    },
  };
}

export function insightCases(ctx: SuiteContext): void {
  const { store, insertMembers, write } = ctx;

  async function seed(): Promise<StoredMember[]> {
    const { members, reflections, rippleEffects } = movement();
    await insertMembers(...members);
    await write(async (tx) => {
      for (const r of reflections) await tx.upsertReflection(r);
      for (const effect of rippleEffects) await tx.upsertRippleEffect(effect);
    });
    return members;
  }

  describe('insight totals', () => {
    it('of no members: nothing counted, a zero for every retention day, no change', async () => {
      expect(await store.insights.totals(ALL, NOW)).toStrictEqual({
        members: 0,
        joinsByWeek: [],
        joinsByState: [],
        days: [],
        retention: retention(),
        cohorts: [],
        rippleWeeks: [],
        change: noChange,
      });
    });

    it("of the whole movement: active members only, weeks and days in each member's zone", async () => {
      await seed();
      expect(await store.insights.totals(ALL, NOW)).toStrictEqual(WHOLE_MOVEMENT);
    });

    it("retention counts a day once it is over in the member's zone", async () => {
      await seed();
      // A day later c's day 30 is over, and counts the reflection c saved for it.
      const later = new Date(NOW.getTime() + DAY);
      const totals = await store.insights.totals(ALL, later);
      expect(totals.retention).toStrictEqual(retention([6, 4], [6, 2], [5, 2], [2, 0], [2, 1]));
      expect(totals.cohorts.find((c) => c.week === '2026-03-02')?.retention).toStrictEqual(
        retention([1, 0], [1, 1], [1, 1]),
      );
      // Everything else is the same as a day earlier.
      expect({ ...totals, retention: [], cohorts: [] }).toStrictEqual({
        ...WHOLE_MOVEMENT,
        retention: [],
        cohorts: [],
      });
    });

    it('follow every later change: a day saved again, a member deactivated, moved, re-zoned or deleted', async () => {
      const [a, b, c, d, , g] = await seed();
      await write(async (tx) => {
        // a saves day 30 again with other values; b leaves; c moves to Oregon; g is deleted.
        await tx.upsertReflection(reflection(a!.id, 30, { ...scores(9, 2, 1), retried: true }));
        await tx.updateMember(b!.id, { isActive: false });
        await tx.updateMember(c!.id, { state: 'Oregon' });
        await tx.deleteMember(g!.id);
        // d's join (9 Mar 01:00 in Tokyo) is 8 Mar in Los Angeles: still March, but another week.
        await tx.updateMember(d!.id, { timezone: 'America/Los_Angeles' });
      });
      // Back in, and out again, in one transaction.
      await write(async (tx) => {
        await tx.updateMember(b!.id, { isActive: true });
        await tx.updateMember(b!.id, { isActive: false });
      });

      // What the store now holds, summed afresh by the domain's definition.
      const kept = await Promise.all(
        (await store.membersNewestFirst()).map(async (member) => ({
          member,
          reflections: await store.reflectionsOf(member.id),
          rippleEffects: await store.rippleEffectsOf(member.id),
        })),
      );
      const filters: InsightFilter[] = [ALL, { state: 'Oregon', joinMonth: '' }, { state: '', joinMonth: '2026-03' }];
      for (const filter of filters) {
        expect(await store.insights.totals(filter, NOW)).toStrictEqual(await memoryInsightTotals(kept, filter, NOW));
      }
      const days = (await store.insights.totals(ALL, NOW)).days;
      // Day 30: a's new values, c's; b and g no longer count anywhere.
      expect(days.find((day) => day.day === 30)).toStrictEqual(daySums(30, 2, [9 + 4, 2 + 7, 1 + 6], [2, 2, 1]));
      expect(days.some((day) => day.day === 90)).toBe(false);
    });

    it('of one state', async () => {
      await seed();
      expect(await store.insights.totals({ state: 'New York', joinMonth: '' }, NOW)).toStrictEqual({
        members: 2,
        joinsByWeek: [{ week: '2026-02-23', members: 2 }],
        joinsByState: [{ state: 'New York', members: 2 }],
        days: [
          daySums(1, 2, [4 + 3, 7 + 5, 6 + 5], [1, 2, 0]),
          daySums(2, 1, [4, 7, 6], [1, 1, 0]),
          daySums(7, 2, [8, 14, 12], [2, 2, 0]),
          daySums(14, 1, [5, 7, 6], [1, 1, 1]),
          daySums(30, 1, [4, 7, 6], [1, 1, 0]),
        ],
        retention: retention([2, 2], [2, 1], [2, 1]),
        cohorts: [{ week: '2026-02-23', members: 2, retention: retention([2, 2], [2, 1], [2, 1]) }],
        rippleWeeks: [
          {
            week: 1,
            members: 2,
            relationshipImprovements: 3,
            positiveInteractions: 6,
            conflictsAvoided: 2,
            othersInspired: 2,
          },
          {
            week: 2,
            members: 1,
            relationshipImprovements: 3,
            positiveInteractions: 4,
            conflictsAvoided: 2,
            othersInspired: 0,
          },
        ],
        change: noChange,
      } satisfies InsightTotals);
      // The inactive member's state: nobody active is in it but c.
      const california = await store.insights.totals({ state: 'California', joinMonth: '' }, NOW);
      expect(california.members).toBe(1);
      expect(california.rippleWeeks).toStrictEqual([]);
      expect((await store.insights.totals({ state: 'Alaska', joinMonth: '' }, NOW)).members).toBe(0);
    });

    it("of a join month, in the member's zone", async () => {
      await seed();
      // a joined on 1 March by UTC, on 28 February in New York.
      const february = await store.insights.totals({ state: '', joinMonth: '2026-02' }, NOW);
      expect(february.members).toBe(1);
      expect(february.joinsByWeek).toStrictEqual([{ week: '2026-02-23', members: 1 }]);
      expect(february.days.map((day) => day.day)).toStrictEqual([1, 7, 14, 30]);
      expect(february.retention).toStrictEqual(retention([1, 1], [1, 1], [1, 1]));

      const march = await store.insights.totals({ state: '', joinMonth: '2026-03' }, NOW);
      expect(march.members).toBe(3);
      expect(march.joinsByWeek).toStrictEqual([
        { week: '2026-02-23', members: 1 },
        { week: '2026-03-02', members: 1 },
        { week: '2026-03-09', members: 1 },
      ]);
      expect(march.joinsByState).toStrictEqual([
        { state: 'California', members: 1 },
        { state: 'New York', members: 1 },
        { state: 'Texas', members: 1 },
      ]);

      // f joined on 31 March by UTC, on 1 April in London.
      const april = await store.insights.totals({ state: '', joinMonth: '2026-04' }, NOW);
      expect(april.joinsByWeek).toStrictEqual([{ week: '2026-03-30', members: 1 }]);

      const december = await store.insights.totals({ state: '', joinMonth: '2025-12' }, NOW);
      expect(december.members).toBe(2);
      expect(december.change).toStrictEqual(WHOLE_MOVEMENT.change);

      // Both filters: New York's members who joined in March (New York time).
      const both = await store.insights.totals({ state: 'New York', joinMonth: '2026-03' }, NOW);
      expect(both.members).toBe(1);
      expect(both.days.map((day) => day.day)).toStrictEqual([1, 2, 7]);
      expect(both.retention).toStrictEqual(retention([1, 1], [1, 0], [1, 0]));
    });
  });

  describe('insight cache', () => {
    const entry = (computedAt: string, members: number): CachedInsightTotals => ({
      computedAt,
      totals: { ...WHOLE_MOVEMENT, members },
    });

    it('keeps one entry per key until replaced or cleared', async () => {
      const all = JSON.stringify(['', '']);
      const ohio = JSON.stringify(['Ohio', '2025-12']);
      expect(await store.insights.cached(all)).toBeUndefined();

      await store.insights.cache(all, entry('2026-04-01T02:00:00.000Z', 7));
      await store.insights.cache(ohio, entry('2026-04-01T02:01:00.000Z', 2));
      expect(await store.insights.cached(all)).toStrictEqual(entry('2026-04-01T02:00:00.000Z', 7));
      expect(await store.insights.cached(ohio)).toStrictEqual(entry('2026-04-01T02:01:00.000Z', 2));

      await store.insights.cache(all, entry('2026-04-01T02:10:00.500Z', 8));
      expect(await store.insights.cached(all)).toStrictEqual(entry('2026-04-01T02:10:00.500Z', 8));

      await store.insights.clearCache();
      expect(await store.insights.cached(all)).toBeUndefined();
      expect(await store.insights.cached(ohio)).toBeUndefined();
    });
  });

  describe('impact snapshot', () => {
    it('is published, replaced and withdrawn; a write that throws keeps the one before', async () => {
      expect(await store.impactSnapshot()).toBeUndefined();
      const first = snapshot('2026-04-01T02:00:00.000Z', 1 / 3);
      await write((tx) => tx.replaceImpactSnapshot(first));
      expect(await store.impactSnapshot()).toStrictEqual(first);

      const second = snapshot('2026-04-08T09:30:00.000Z', 0.615);
      await write((tx) => tx.replaceImpactSnapshot(second));
      expect(await store.impactSnapshot()).toStrictEqual(second);

      await expect(
        write(async (tx) => {
          await tx.replaceImpactSnapshot(undefined);
          throw new Error('the withdrawal failed half-way');
        }),
      ).rejects.toThrow('the withdrawal failed half-way');
      expect(await store.impactSnapshot()).toStrictEqual(second);

      await write((tx) => tx.replaceImpactSnapshot(undefined));
      expect(await store.impactSnapshot()).toBeUndefined();
      // Withdrawing nothing is no error for the store (the domain answers the conflict).
      await write((tx) => tx.replaceImpactSnapshot(undefined));
      expect(await store.impactSnapshot()).toBeUndefined();
    });
  });
}
