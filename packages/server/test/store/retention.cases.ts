/**
 * The store suite (setup.ts): the retention purge (docs/product/rules.md#retention). Records of
 * every kind are put just past and just inside each period, with the cutoffs the daily job takes
 * (scheduler/retention.ts) at a fixed instant; one purge removes exactly the first and keeps the
 * second, the once-only e-mail claims and every member's own data.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredAdminAction } from '@prr/domain';
import { claimRecord, levelUpKey, sentRecord, type Due } from '../../src/scheduler/emailDelivery.js';
import { retentionCutoffs } from '../../src/scheduler/retention.js';
import type { StoredEmailDelivery, StoredSignIn } from '../../src/store/schema.js';
import type { MemberKey, PurgeCounts } from '../../src/store/types.js';
import { NOTHING_PURGED } from '../fixtures.js';
import { storeSnapshot } from '../helpers.js';
import {
  T0,
  MINUTE,
  HOUR,
  DAY,
  at,
  member,
  reflection,
  achievement,
  rippleEffect,
  story,
  due,
  type SuiteContext,
} from './setup.js';

const NOW = new Date(T0);
const cutoffs = retentionCutoffs(NOW);
const ms = (date: Date): number => date.getTime();
const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/** A sent e-mail record of this kind, last attempted (and sent) at `lastAttemptAt`. */
function delivery(d: Due, lastAttemptAt: number): StoredEmailDelivery {
  const when = new Date(lastAttemptAt);
  return sentRecord(claimRecord(d, undefined, when, `<${randomUUID()}@prr>`), when);
}

export function retentionCases(ctx: SuiteContext): void {
  const { store, insertMembers, write } = ctx;

  describe('retention purge (docs/product/rules.md#retention)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('removes what is past each period, keeps what is just inside it, and answers the counts', async () => {
      const [ada, grace] = [member({ joinedAt: at(-500 * DAY) }), member({ joinedAt: at(-500 * DAY) })];
      await insertMembers(ada, grace);
      // Ada's own data, which no period touches.
      await write(async (tx) => {
        await tx.upsertReflection(reflection(ada.id, 1, { date: '2024-10-18', savedAt: at(-500 * DAY) }));
        await tx.insertAchievement(achievement(ada.id, 'week_streak', at(-494 * DAY)));
        await tx.upsertRippleEffect(rippleEffect(ada.id, 1, at(-494 * DAY)));
        await tx.insertStory(story(ada.id, at(-490 * DAY)));
      });
      const ownData = await storeSnapshot(store);
      const adasStories = await store.storiesOf(ada.id);

      // Sessions: past their absolute lifetime when created at or before the cutoff.
      const adminId = randomUUID();
      const adminGone = await store.sessions.create(adminId, ms(cutoffs.adminSessionsCreatedBy));
      const adminKept = await store.sessions.create(adminId, ms(cutoffs.adminSessionsCreatedBy) + 1);
      const memberGone = await store.memberSessions.create(ada.id, ms(cutoffs.memberSessionsCreatedBy));
      const memberKept = await store.memberSessions.create(ada.id, ms(cutoffs.memberSessionsCreatedBy) + 1);

      // Pending sign-ins (one per member): gone once expiresAt is reached.
      const signIn = (memberId: string, expiresAt: number): StoredSignIn => ({
        memberId,
        codeHash: `code-${randomUUID()}`,
        linkHash: `link-${randomUUID()}`,
        expiresAt: iso(expiresAt),
        wrongCodes: 0,
        createdAt: iso(expiresAt - 10 * MINUTE),
      });
      await store.signIns.put(signIn(ada.id, T0));
      const pendingKept = signIn(grace.id, T0 + 1);
      await store.signIns.put(pendingKept);

      // Used e-mail keys: gone once expired. A used key is unusable while its record lasts.
      const key = (memberId: string, issuedAt: number, expiresAt = issuedAt + 7 * DAY): MemberKey => ({
        keyId: randomUUID(),
        memberId,
        issuedAt: new Date(issuedAt),
        expiresAt: new Date(expiresAt),
      });
      const usedGone = key(ada.id, T0 - HOUR, T0);
      const usedKept = key(ada.id, T0 - HOUR, T0 + 1);
      expect(await store.memberKeys.use(usedGone, new Date(T0 - MINUTE))).toBe(true);
      expect(await store.memberKeys.use(usedKept, new Date(T0 - MINUTE))).toBe(true);

      // Key revocations: gone once every key they revoke has expired (issued at or before them).
      await store.memberKeys.revokeAll(ada.id, cutoffs.keyRevocationsBy);
      await store.memberKeys.revokeAll(grace.id, new Date(ms(cutoffs.keyRevocationsBy) + 1));
      const revokedByGone = key(ada.id, ms(cutoffs.keyRevocationsBy));
      const revokedByKept = key(grace.id, ms(cutoffs.keyRevocationsBy) + 1);
      expect(await store.memberKeys.usable(revokedByGone)).toBe(false);
      expect(await store.memberKeys.usable(revokedByKept)).toBe(false);

      // Admin challenges: gone once expired.
      await store.adminFactors.putChallenge('challenge-gone', 'value-gone', T0);
      await store.adminFactors.putChallenge('challenge-kept', 'value-kept', T0 + 1);

      // The e-mail log: Ada's daily reflection record just past the period, Grace's just inside;
      // Ada's welcome and level-up records far older, kept as the once-only claims they are.
      const welcome = delivery(due(ada.id, 'welcome', '2024-10-18', 1), T0 - 500 * DAY);
      const levelUp = delivery(
        { ...due(ada.id, 'level-up', '2024-11-01', 15), key: levelUpKey(ada.id, 'Agent') },
        T0 - 486 * DAY,
      );
      const adasReflection = delivery(due(ada.id, 'reflection', '2025-01-30', 90), ms(cutoffs.emailLogBefore) - 1);
      const gracesReflection = delivery(due(grace.id, 'reflection', '2025-01-30', 90), ms(cutoffs.emailLogBefore));
      for (const record of [welcome, levelUp, adasReflection, gracesReflection]) {
        expect(await store.emailLog.claim(record, undefined)).toBe(true);
      }

      // Admin activity: gone from before the year.
      const action = (epochMs: number): StoredAdminAction => ({
        id: randomUUID(),
        at: iso(epochMs),
        action: 'participant.edit',
        adminId,
        participant: { name: 'Ada' },
        network: '203.0.113.7',
      });
      const actionKept = action(ms(cutoffs.adminActivityBefore));
      await store.adminActivity.add(action(ms(cutoffs.adminActivityBefore) - 1));
      await store.adminActivity.add(actionKept);

      // Rate-limit counters, all started at one instant, each window a different length, so each
      // ends at its own distance from NOW. lowdb removes a counter once its window has ended;
      // PostgreSQL an hour later (the limiter library's margin for servers whose clocks differ).
      const started = T0 - 2 * HOUR;
      vi.useFakeTimers({ toFake: ['Date'], now: started });
      const windows = { endedLongAgo: 1, pastTheHour: 3599, atTheHour: 3600, endedNow: 7200, live: 7201 };
      for (const [name, seconds] of Object.entries(windows)) {
        await store
          .rateLimiter({ points: 5, duration: seconds, keyPrefix: `retention-${name}` })
          .consume('203.0.113.7');
      }
      vi.useRealTimers();
      const rateLimits = store.kind === 'lowdb' ? 4 : 2;

      expect(await store.purgeExpired(cutoffs)).toStrictEqual({
        adminSessions: 1,
        memberSessions: 1,
        signIns: 1,
        usedKeys: 1,
        keyRevocations: 1,
        rateLimits,
        adminChallenges: 1,
        emailLog: 1,
        adminActivity: 1,
      });

      // Each kept record is there, each removed one is not (read at NOW, when both would be live).
      expect(await store.sessions.touch(adminGone, T0, DAY)).toBeUndefined();
      expect(await store.sessions.touch(adminKept, T0, DAY)).toMatchObject({ subjectId: adminId });
      expect(await store.memberSessions.touch(memberGone, T0, 90 * DAY)).toBeUndefined();
      expect(await store.memberSessions.touch(memberKept, T0, 90 * DAY)).toMatchObject({ subjectId: ada.id });
      expect(await store.signIns.ofMember(ada.id)).toBeUndefined();
      expect(await store.signIns.ofMember(grace.id)).toStrictEqual(pendingKept);
      // The store forgot the expired key's use (its seal refuses it anyway); the live one stays used.
      expect(await store.memberKeys.usable(usedGone)).toBe(true);
      expect(await store.memberKeys.usable(usedKept)).toBe(false);
      expect(await store.memberKeys.usable(revokedByGone)).toBe(true);
      expect(await store.memberKeys.usable(revokedByKept)).toBe(false);
      expect(await store.adminFactors.takeChallenge('challenge-gone', T0 - 1)).toBeUndefined();
      expect(await store.adminFactors.takeChallenge('challenge-kept', T0)).toBe('value-kept');
      expect(await store.emailLog.deliveriesOf(ada.id)).toStrictEqual({
        welcome,
        reflection: undefined,
        levelUp,
      });
      expect(await store.emailLog.deliveriesOf(grace.id)).toStrictEqual({
        welcome: undefined,
        reflection: gracesReflection,
        levelUp: undefined,
      });
      expect(await store.adminActivity.page(0, 10)).toStrictEqual({ records: [actionKept], total: 1 });

      // The members and everything of theirs are as they were.
      expect(await storeSnapshot(store)).toStrictEqual(ownData);
      expect(await store.storiesOf(ada.id)).toStrictEqual(adasStories);

      // A second purge finds nothing more; one two hours later finds the counters it kept.
      expect(await store.purgeExpired(cutoffs)).toStrictEqual(NOTHING_PURGED);
      const later = await store.purgeExpired(retentionCutoffs(new Date(T0 + 2 * HOUR)));
      expect(later?.rateLimits).toBe(store.kind === 'lowdb' ? 1 : 3);
    });

    it('two purges at once remove each record once: their counts add up to one purge', async () => {
      const m = member();
      await insertMembers(m);
      for (let i = 0; i < 5; i += 1) await store.memberSessions.create(m.id, ms(cutoffs.memberSessionsCreatedBy) - i);
      await store.adminFactors.putChallenge('expired', 'value', T0 - MINUTE);

      const results = await Promise.all([store.purgeExpired(cutoffs), store.purgeExpired(cutoffs)]);
      // PostgreSQL may answer undefined for the purge that found the other one running.
      const ran = results.filter((counts): counts is PurgeCounts => counts !== undefined);
      expect(ran.length).toBeGreaterThanOrEqual(1);
      const sum = (kind: keyof PurgeCounts): number => ran.reduce((n, counts) => n + counts[kind], 0);
      expect(sum('memberSessions')).toBe(5);
      expect(sum('adminChallenges')).toBe(1);
      expect(await store.purgeExpired(cutoffs)).toStrictEqual(NOTHING_PURGED);
    });

    it('a store with nothing past its periods removes nothing', async () => {
      const m = member();
      await insertMembers(m);
      const session = await store.memberSessions.create(m.id, T0 - DAY);
      expect(await store.purgeExpired(cutoffs)).toStrictEqual(NOTHING_PURGED);
      expect(await store.memberSessions.touch(session, T0, 90 * DAY)).toMatchObject({ subjectId: m.id });
    });
  });
}
