/** The store suite (setup.ts): Copies, transactions (rollback), the wholesale lists (map, admins) and closing. */
import { randomUUID } from 'node:crypto';
import type { StateParticipation } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '@prr/domain';
import { claimRecord } from '../../src/scheduler/emailDelivery.js';
import {
  T0,
  MINUTE,
  DAY,
  at,
  member,
  reflection,
  achievement,
  rippleEffect,
  story,
  admin,
  due,
  readSeed,
  type SuiteContext,
} from './setup.js';

export function transactionCases(ctx: SuiteContext): void {
  const { store, insertMembers, write } = ctx;

  describe('copies', () => {
    it('changing a returned member or reflection does not change the store', async () => {
      const m = member();
      await insertMembers(m);
      const r = reflection(m.id, 1);
      await write((tx) => tx.upsertReflection(r));

      const fetched = await store.memberById(m.id);
      fetched!.points = 999;
      fetched!.name = 'Mallory';
      const byEmail = await store.memberByEmail(m.email);
      byEmail!.isActive = false;
      const listed = await store.membersNewestFirst();
      listed[0]!.level = 'Guardian';
      listed.pop();
      const reflections = await store.reflectionsOf(m.id);
      reflections[0]!.notes = 'tampered';
      reflections[0]!.day = 42;
      reflections.push(reflection(m.id, 2));

      expect(await store.memberById(m.id)).toStrictEqual(m);
      expect(await store.membersNewestFirst()).toStrictEqual([m]);
      expect(await store.reflectionsOf(m.id)).toStrictEqual([r]);
      expect(await store.activeMembersByState()).toEqual(new Map([['New York', 1]]));
    });

    it('changing other returned lists, or an object after writing it, does not change the store', async () => {
      const m = member();
      await insertMembers(m);
      m.points = 500; // the caller's object, after the insert
      const awarded = achievement(m.id, 'week_streak', at(7 * DAY));
      const effect = rippleEffect(m.id, 1, at(6 * DAY));
      const boss = admin();
      await write(async (tx) => {
        await tx.insertAchievement(awarded);
        await tx.upsertRippleEffect(effect);
        await tx.replaceAdmins([boss]);
      });
      const expectedAward = { ...awarded };
      awarded.title = 'changed after the write';

      const achievements = await store.achievementsOf(m.id);
      achievements[0]!.points = 0;
      const effects = await store.rippleEffectsOf(m.id);
      effects[0]!.week = 99;
      const admins = await store.admins();
      admins[0]!.passwordHash = '$argon2id$stolen';
      const states = await store.states();
      states[0]!.peacemakers = -1;
      states.reverse();
      const deliveries = await store.emailLog.deliveriesOf(m.id);
      deliveries.welcome = claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0), 'msg-x');

      expect((await store.memberById(m.id))?.points).toBe(0);
      expect(await store.achievementsOf(m.id)).toStrictEqual([expectedAward]);
      expect(await store.rippleEffectsOf(m.id)).toStrictEqual([effect]);
      expect(await store.admins()).toStrictEqual([boss]);
      expect(await store.states()).toStrictEqual(readSeed().states);
      expect((await store.emailLog.deliveriesOf(m.id)).welcome).toBeUndefined();
    });
  });

  describe('transactions', () => {
    it('a write that throws leaves none of its member, reflection and achievement; the error propagates unchanged', async () => {
      const m = member();
      const boom = new Error('validation failed half-way');
      const attempt = store.write(async (tx) => {
        expect(await tx.insertMember(m)).toBe(true);
        await tx.upsertReflection(reflection(m.id, 1));
        expect(await tx.insertAchievement(achievement(m.id, 'week_streak', at(7 * DAY)))).toBe(true);
        await tx.upsertRippleEffect(rippleEffect(m.id, 1, at(6 * DAY)));
        await tx.insertStory(story(m.id, at(DAY)));
        // Its own changes are visible inside the transaction.
        expect(await tx.memberById(m.id)).toStrictEqual(m);
        expect(await tx.reflectionsOf(m.id)).toHaveLength(1);
        throw boom;
      });
      await expect(attempt).rejects.toBe(boom);

      expect(await store.memberById(m.id)).toBeUndefined();
      expect(await store.memberByEmail(m.email)).toBeUndefined();
      expect(await store.memberCount()).toBe(0);
      expect(await store.reflectionsOf(m.id)).toStrictEqual([]);
      expect(await store.achievementsOf(m.id)).toStrictEqual([]);
      expect(await store.rippleEffectsOf(m.id)).toStrictEqual([]);
      expect(await store.storiesOf(m.id)).toStrictEqual([]);

      // The next write works, and the same e-mail is free again.
      expect(await store.write((tx) => tx.insertMember(m))).toBe(true);
      expect(await store.memberById(m.id)).toStrictEqual(m);
    });

    it('a write that throws undoes updates, replacements and wholesale lists too', async () => {
      const m = member({ points: 10, level: 'Prospect' });
      await insertMembers(m);
      const r = reflection(m.id, 1, { reflectionPrompt: 'A prompt of its own.' });
      const boss = admin();
      await write(async (tx) => {
        await tx.upsertReflection(r);
        await tx.replaceAdmins([boss]);
      });
      const states = await store.states();

      const boom = new AppError('conflict', 'changed my mind');
      await expect(
        store.write(async (tx) => {
          await tx.updateMember(m.id, { points: 99, level: 'Explorer', isActive: false });
          await tx.upsertReflection(reflection(m.id, 1, { notes: 'overwritten' }));
          await tx.upsertReflection(reflection(m.id, 2));
          await tx.replaceStates([{ state: 'Ohio', stateCode: 'OH', peacemakers: 1 }]);
          await tx.replaceAdmins([]);
          expect(await tx.insertMember(member())).toBe(true);
          throw boom;
        }),
      ).rejects.toBe(boom);

      expect(await store.memberById(m.id)).toStrictEqual(m);
      expect(await store.reflectionsOf(m.id)).toStrictEqual([r]);
      expect(await store.states()).toStrictEqual(states);
      expect(await store.admins()).toStrictEqual([boss]);
      expect(await store.memberCount()).toBe(1);
    });

    it('returns what the write returns', async () => {
      const m = member();
      const result = await store.write(async (tx) => ({
        inserted: await tx.insertMember(m),
        count: await tx.memberCount(),
      }));
      expect(result).toEqual({ inserted: true, count: 1 });
      expect(await store.write(async () => 'nothing written')).toBe('nothing written');
      expect(await store.write(async () => undefined)).toBeUndefined();
    });

    it("20 concurrent read-modify-writes of one member's points all land", async () => {
      const m = member({ points: 5 });
      await insertMembers(m);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          store.write(async (tx) => {
            const current = await tx.memberById(m.id);
            if (!current) throw new Error('member vanished');
            await tx.updateMember(m.id, { points: current.points + 1 });
            return current.points + 1;
          }),
        ),
      );
      expect((await store.memberById(m.id))?.points).toBe(25);
      // Each write saw the one before it: every intermediate value exactly once.
      expect([...results].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => 6 + i));
    });
  });

  describe('wholesale lists', () => {
    it('replaceStates replaces the map table, keeping the given order', async () => {
      const first: StateParticipation[] = [
        { state: 'Wyoming', stateCode: 'WY', peacemakers: 3 },
        { state: 'Alabama', stateCode: 'AL', peacemakers: 70 },
        { state: 'Montana', stateCode: 'MT', peacemakers: 0 },
      ];
      await write((tx) => tx.replaceStates(first));
      expect(await store.states()).toStrictEqual(first);

      const second: StateParticipation[] = [
        { state: 'Texas', stateCode: 'TX', peacemakers: 412 },
        { state: 'Alabama', stateCode: 'AL', peacemakers: 71 },
      ];
      await write((tx) => tx.replaceStates(second));
      expect(await store.states()).toStrictEqual(second);

      // The whole seed back, in its order.
      const seed = readSeed().states;
      await write((tx) => tx.replaceStates(seed));
      expect(await store.states()).toStrictEqual(seed);
    });

    it('replaceAdmins replaces the admin accounts, keeping the given order', async () => {
      const [a, b, c] = [admin({ name: 'Zoe Admin' }), admin({ name: 'Amir Admin' }), admin({ name: 'Max Admin' })];
      await write((tx) => tx.replaceAdmins([a, b]));
      expect(await store.admins()).toStrictEqual([a, b]);
      await write((tx) => tx.replaceAdmins([c, a]));
      expect(await store.admins()).toStrictEqual([c, a]);
      await write((tx) => tx.replaceAdmins([]));
      expect(await store.admins()).toStrictEqual([]);
    });
  });

  describe('close', () => {
    it("afterwards a write rejects with AppError('unavailable')", async () => {
      await store.close();
      const attempt = store.write((tx) => tx.insertMember(member()));
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ code: 'unavailable' });
      const m = randomUUID();
      const claimed = store.emailLog.claim(
        claimRecord(due(m, 'welcome', '2026-03-02', 1), undefined, new Date(T0), 'late@prr'),
        undefined,
      );
      await expect(claimed).rejects.toBeInstanceOf(AppError);
      await expect(claimed).rejects.toMatchObject({ code: 'unavailable' });
    });

    it("afterwards a member session or sign-in write rejects with AppError('unavailable')", async () => {
      const m = member();
      await insertMembers(m);
      await store.close();
      const session = store.memberSessions.create(m.id, T0);
      await expect(session).rejects.toBeInstanceOf(AppError);
      await expect(session).rejects.toMatchObject({ code: 'unavailable' });
      const put = store.signIns.put({
        memberId: m.id,
        codeHash: 'code-hash',
        linkHash: 'link-hash',
        expiresAt: at(15 * MINUTE),
        wrongCodes: 0,
        createdAt: at(),
      });
      await expect(put).rejects.toBeInstanceOf(AppError);
      await expect(put).rejects.toMatchObject({ code: 'unavailable' });
    });

    it('waits for a write already under way, which lands', async () => {
      const m = member();
      let started!: () => void;
      const underWay = new Promise<void>((resolve) => (started = resolve));
      const pending = store.write(async (tx) => {
        await tx.memberCount();
        started();
        expect(await tx.insertMember(m)).toBe(true);
        return tx.memberCount();
      });
      await underWay;
      await store.close();
      await expect(pending).resolves.toBe(1);
    });

    it('waits for a write asked for just before close(), which lands', async () => {
      const m = member();
      const pending = store.write((tx) => tx.insertMember(m));
      await store.close();
      await expect(pending).resolves.toBe(true);
    });
  });
}
