/** The store suite (setup.ts): Members' stories and the admin's review queue. */
import { randomUUID } from 'node:crypto';
import type { StoryStatus } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import type { StoredStory } from '@prr/domain';
import { DAY, at, member, story, descendingIds, type SuiteContext } from './setup.js';

export function storyCases(ctx: SuiteContext): void {
  const { store, insertMembers, write } = ctx;

  describe('stories', () => {
    it("storiesOf: newest submittedAt first, the same instant the last added first; storyById; others' apart", async () => {
      const [m, n] = [member(), member()];
      await insertMembers(m, n);
      const [idB, idC] = descendingIds();
      const a = story(m.id, at(DAY));
      const b = story(m.id, at(2 * DAY), { id: idB });
      const c = story(m.id, at(2 * DAY), { id: idC, rating: 3, location: '' });
      const d = story(m.id, at(3 * DAY), { status: 'approved', reviewedAt: at(4 * DAY) });
      const theirs = story(n.id, at(5 * DAY));
      await write(async (tx) => {
        await tx.insertStory(a);
        await tx.insertStory(b);
      });
      await write(async (tx) => {
        await tx.insertStory(theirs);
        await tx.insertStory(c);
        await tx.insertStory(d);
      });
      expect(await store.storiesOf(m.id)).toStrictEqual([d, c, b, a]);
      expect(await store.storiesOf(n.id)).toStrictEqual([theirs]);
      expect(await store.storiesOf(randomUUID())).toStrictEqual([]);
      expect(await store.storiesOf('not-a-uuid')).toStrictEqual([]);
      expect(await store.storyById(d.id)).toStrictEqual(d);
      expect(await store.storyById(a.id)).toStrictEqual(a);
      expect(await store.storyById(randomUUID())).toBeUndefined();
      expect(await store.storyById('not-a-uuid')).toBeUndefined();
    });

    it('storiesWithStatus: pending oldest first, reviewed ones the latest review first; ties the last added first; at most limit', async () => {
      const [m, n] = [member(), member()];
      await insertMembers(m, n);
      const [id1, id2] = descendingIds();
      const [id3, id4] = descendingIds();
      const p1 = story(m.id, at(2 * DAY), { id: id1 });
      const p2 = story(n.id, at(2 * DAY), { id: id2 });
      const p0 = story(n.id, at(DAY));
      const p3 = story(m.id, at(3 * DAY));
      const approve = (submitted: number, reviewed: number, id?: string): StoredStory =>
        story(m.id, at(submitted * DAY), {
          status: 'approved',
          reviewedAt: at(reviewed * DAY),
          ...(id ? { id } : {}),
        });
      const ok1 = approve(1, 5);
      const ok2 = approve(2, 4, id3);
      const ok3 = approve(3, 4, id4);
      const ok4 = approve(4, 6);
      const no1 = story(n.id, at(DAY), { status: 'rejected', reviewedAt: at(2 * DAY) });
      const no2 = story(n.id, at(DAY), { status: 'rejected', reviewedAt: at(3 * DAY) });
      await write(async (tx) => {
        for (const s of [p1, ok1, ok2, no1, p2]) await tx.insertStory(s);
      });
      await write(async (tx) => {
        for (const s of [p0, ok3, no2, p3, ok4]) await tx.insertStory(s);
      });
      const ids = (stories: StoredStory[]) => stories.map((s) => s.id);
      const expectOrder = async (status: StoryStatus, limit: number, expected: StoredStory[]) =>
        expect(ids(await store.storiesWithStatus(status, limit)), `${status} ${limit}`).toEqual(ids(expected));
      await expectOrder('pending', 10, [p0, p2, p1, p3]);
      await expectOrder('pending', 2, [p0, p2]);
      await expectOrder('approved', 10, [ok4, ok1, ok3, ok2]);
      await expectOrder('approved', 1, [ok4]);
      await expectOrder('rejected', 10, [no2, no1]);
      await expectOrder('pending', 0, []);
      expect(await store.storiesWithStatus('approved', 10)).toStrictEqual([ok4, ok1, ok3, ok2]);
    });

    it('updateStory sets status and reviewedAt, back to pending clears reviewedAt; an unknown id or a throw changes nothing', async () => {
      const m = member();
      await insertMembers(m);
      const s = story(m.id, at(DAY));
      await write((tx) => tx.insertStory(s));
      await write((tx) => tx.updateStory(s.id, { status: 'approved', reviewedAt: at(2 * DAY) }));
      const approved = { ...s, status: 'approved' as const, reviewedAt: at(2 * DAY) };
      expect(await store.storyById(s.id)).toStrictEqual(approved);
      expect(await store.storiesWithStatus('pending', 10)).toStrictEqual([]);
      expect(await store.storiesWithStatus('approved', 10)).toStrictEqual([approved]);

      const boom = new Error('changed my mind');
      await expect(
        store.write(async (tx) => {
          await tx.updateStory(s.id, { status: 'rejected', reviewedAt: at(3 * DAY) });
          expect(await tx.storyById(s.id)).toMatchObject({ status: 'rejected' });
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.storyById(s.id)).toStrictEqual(approved);

      await write(async (tx) => {
        await tx.updateStory(randomUUID(), { status: 'rejected', reviewedAt: at(3 * DAY) });
        await tx.updateStory('not-a-uuid', { status: 'rejected', reviewedAt: at(3 * DAY) });
      });
      expect(await store.storyById(s.id)).toStrictEqual(approved);

      await write((tx) => tx.updateStory(s.id, { status: 'pending' }));
      expect(await store.storyById(s.id)).toStrictEqual(s);
    });

    it('a story written and then changed by the caller, or a returned one changed, leaves the store as it was', async () => {
      const m = member();
      await insertMembers(m);
      const s = story(m.id, at(DAY));
      const kept = { ...s };
      await write((tx) => tx.insertStory(s));
      s.content = 'changed after the write';
      (await store.storiesOf(m.id))[0]!.rating = 1;
      (await store.storyById(kept.id))!.status = 'approved';
      (await store.storiesWithStatus('pending', 10))[0]!.location = 'elsewhere';
      expect(await store.storiesOf(m.id)).toStrictEqual([kept]);
    });

    it('a write that throws leaves none of the stories it added', async () => {
      const m = member();
      await insertMembers(m);
      const boom = new Error('changed my mind');
      await expect(
        store.write(async (tx) => {
          await tx.insertStory(story(m.id, at(DAY)));
          expect(await tx.storiesOf(m.id)).toHaveLength(1);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.storiesOf(m.id)).toStrictEqual([]);
      expect(await store.storiesWithStatus('pending', 10)).toStrictEqual([]);
    });
  });
}
