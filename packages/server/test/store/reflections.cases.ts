/** The store suite (setup.ts): A member's records: reflections, achievements and ripple effects. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoredReflection } from '@prr/domain';
import {
  HOUR,
  DAY,
  at,
  member,
  reflection,
  achievement,
  rippleEffect,
  descendingIds,
  type SuiteContext,
} from './setup.js';

export function reflectionCases(ctx: SuiteContext): void {
  const { store, insertMembers, write } = ctx;

  describe('reflections', () => {
    it('come back ascending by day whatever the insertion order', async () => {
      const m = member();
      const other = member();
      await insertMembers(m, other);
      const day3 = reflection(m.id, 3);
      const day1 = reflection(m.id, 1, { reflectionPrompt: 'What did you notice in your body before you answered?' });
      const day10 = reflection(m.id, 10);
      const day2 = reflection(m.id, 2);
      await write(async (tx) => {
        await tx.upsertReflection(day3);
        await tx.upsertReflection(day10);
      });
      await write((tx) => tx.upsertReflection(day1));
      await write(async (tx) => {
        await tx.upsertReflection(day2);
        await tx.upsertReflection(reflection(other.id, 2));
      });
      expect(await store.reflectionsOf(m.id)).toStrictEqual([day1, day2, day3, day10]);
      expect(await store.reflectionsOf(other.id)).toHaveLength(1);
      expect(await store.reflectionsOf(randomUUID())).toStrictEqual([]);
    });

    it('reflectionOn finds one day; latestReflections answers the newest days first, at most count', async () => {
      const m = member();
      const other = member();
      await insertMembers(m, other);
      const days = [5, 1, 9, 3, 7, 2, 8, 4, 6].map((day) => reflection(m.id, day));
      await write(async (tx) => {
        for (const r of days) await tx.upsertReflection(r);
        await tx.upsertReflection(reflection(other.id, 10));
      });
      const byDay = (day: number) => days.find((r) => r.day === day);
      expect(await store.reflectionOn(m.id, 7)).toStrictEqual(byDay(7));
      expect(await store.reflectionOn(m.id, 10)).toBeUndefined();
      expect(await store.reflectionOn('not-a-uuid', 7)).toBeUndefined();
      expect(await store.latestReflections(m.id, 3)).toStrictEqual([byDay(9), byDay(8), byDay(7)]);
      expect((await store.latestReflections(m.id, 20)).map((r) => r.day)).toStrictEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
      expect(await store.latestReflections(randomUUID(), 3)).toStrictEqual([]);
    });

    it('a reflection without reflectionPrompt comes back without the key', async () => {
      const m = member();
      await insertMembers(m);
      const r = reflection(m.id, 1);
      await write((tx) => tx.upsertReflection(r));
      const [stored] = await store.reflectionsOf(m.id);
      expect(stored).toStrictEqual(r);
      expect(Object.keys(stored!)).not.toContain('reflectionPrompt');
    });

    it('upserting the same day replaces its fields and keeps the original id', async () => {
      const m = member();
      await insertMembers(m);
      const original = reflection(m.id, 2, { reflectionPrompt: 'Who did you misunderstand today?' });
      const neighbour = reflection(m.id, 3);
      await write(async (tx) => {
        await tx.upsertReflection(original);
        await tx.upsertReflection(neighbour);
      });

      // A new save of day 2: another id from the caller, other answers, the day's own prompt.
      const { reflectionPrompt: _dropped, ...replacementBase } = reflection(m.id, 2);
      const replacement: StoredReflection = {
        ...replacementBase,
        paused: false,
        reflected: true,
        retried: true,
        notes: 'Snapped first, then came back and apologised.',
        mood: 2,
        conflictCount: 3,
        successfulResponses: 0,
        promptResponse: 'I assumed she was criticising me.',
        gratitudePractice: false,
        breathingExercise: true,
        perspectiveTaking: false,
        empathyScore: 3,
        selfAwarenessScore: 8,
        exerciseType: 'perspective',
        completedExercises: 1,
        savedAt: at(DAY + 5 * HOUR),
      };
      await write((tx) => tx.upsertReflection(replacement));

      const after = await store.reflectionsOf(m.id);
      expect(after).toStrictEqual([{ ...replacement, id: original.id }, neighbour]);
      expect(Object.keys(after[0]!)).not.toContain('reflectionPrompt');

      // And back: a prompt of its own again.
      const again = reflection(m.id, 2, { reflectionPrompt: 'What would you retry?', notes: 'Third save.' });
      await write((tx) => tx.upsertReflection(again));
      expect(await store.reflectionsOf(m.id)).toStrictEqual([{ ...again, id: original.id }, neighbour]);
    });
  });

  describe('achievements', () => {
    it('come back by awardedAt, ties in insertion order (not id order)', async () => {
      const m = member();
      const n = member();
      await insertMembers(m, n);

      // m: the later award inserted first.
      const late = achievement(m.id, 'week_streak', at(7 * DAY));
      const early = achievement(m.id, 'empathy_champion', at(6 * DAY));
      await write((tx) => tx.insertAchievement(late));
      await write((tx) => tx.insertAchievement(early));
      expect(await store.achievementsOf(m.id)).toStrictEqual([early, late]);

      // n: both earned by one save (same awardedAt); the greater id inserted first.
      const [first, second] = descendingIds();
      const empathy = achievement(n.id, 'empathy_champion', at(7 * DAY), { id: first });
      const streak = achievement(n.id, 'week_streak', at(7 * DAY), { id: second });
      const inserted = await store.write(async (tx) => [
        await tx.insertAchievement(empathy),
        await tx.insertAchievement(streak),
      ]);
      expect(inserted).toEqual([true, true]);
      expect(await store.achievementsOf(n.id)).toStrictEqual([empathy, streak]);
      expect(await store.achievementsOf(randomUUID())).toStrictEqual([]);
    });

    it('refuses a second achievement of a type the member holds, writing nothing', async () => {
      const m = member();
      const n = member();
      await insertMembers(m, n);
      const held = achievement(m.id, 'week_streak', at(7 * DAY));
      expect(await store.write((tx) => tx.insertAchievement(held))).toBe(true);
      const again = achievement(m.id, 'week_streak', at(14 * DAY), { dayEarned: 14 });
      expect(await store.write((tx) => tx.insertAchievement(again))).toBe(false);
      expect(await store.achievementsOf(m.id)).toStrictEqual([held]);
      // Another member may hold the same type.
      const theirs = achievement(n.id, 'week_streak', at(7 * DAY));
      expect(await store.write((tx) => tx.insertAchievement(theirs))).toBe(true);
      expect(await store.achievementsOf(n.id)).toStrictEqual([theirs]);
    });
  });

  describe('ripple effects', () => {
    it('newest week first, whatever the order they were saved in', async () => {
      const m = member();
      const other = member();
      await insertMembers(m, other);
      const week3 = rippleEffect(m.id, 3, at(14 * DAY));
      const week1 = rippleEffect(m.id, 1, at(15 * DAY));
      const week2 = rippleEffect(m.id, 2, at(13 * DAY));
      await write(async (tx) => {
        await tx.upsertRippleEffect(week3);
        await tx.upsertRippleEffect(week1);
      });
      await write(async (tx) => {
        await tx.upsertRippleEffect(week2);
        await tx.upsertRippleEffect(rippleEffect(other.id, 9, at(60 * DAY)));
      });
      expect(await store.rippleEffectsOf(m.id)).toStrictEqual([week3, week2, week1]);
      expect(await store.rippleEffectsOf(other.id)).toHaveLength(1);
      expect(await store.rippleEffectsOf(randomUUID())).toStrictEqual([]);
      expect(await store.rippleEffectsOf('not-a-uuid')).toStrictEqual([]);
    });

    it("one record per member and week: a second save replaces its fields, keeping its id and createdAt; others' stay", async () => {
      const [m, n] = [member(), member()];
      await insertMembers(m, n);
      const first = rippleEffect(m.id, 1, at(6 * DAY));
      const week2 = rippleEffect(m.id, 2, at(13 * DAY));
      const theirs = rippleEffect(n.id, 1, at(6 * DAY));
      await write(async (tx) => {
        await tx.upsertRippleEffect(first);
        await tx.upsertRippleEffect(week2);
        await tx.upsertRippleEffect(theirs);
      });
      const again = rippleEffect(m.id, 1, at(7 * DAY), { positiveInteractions: 9, notes: 'Saved again.' });
      await write((tx) => tx.upsertRippleEffect(again));
      const replaced = { ...again, id: first.id, createdAt: first.createdAt };
      expect(await store.rippleEffectsOf(m.id)).toStrictEqual([week2, replaced]);
      expect(await store.rippleEffectsOf(n.id)).toStrictEqual([theirs]);

      // Twice in one transaction, then thrown: the record as it was.
      const boom = new Error('changed my mind');
      await expect(
        store.write(async (tx) => {
          await tx.upsertRippleEffect(rippleEffect(m.id, 1, at(8 * DAY), { notes: 'third' }));
          await tx.upsertRippleEffect(rippleEffect(m.id, 1, at(9 * DAY), { notes: 'fourth' }));
          expect((await tx.rippleEffectsOf(m.id)).map((e) => e.notes)).toEqual([week2.notes, 'fourth']);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.rippleEffectsOf(m.id)).toStrictEqual([week2, replaced]);
    });
  });
}
