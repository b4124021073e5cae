/** The store suite (setup.ts): The e-mail log: candidates, claims, updates and interrupted sends. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoredMember } from '@prr/domain';
import { claimRecord, failedRecord, sentRecord, type EmailKind } from '../../src/scheduler/emailDelivery.js';
import type { StoredEmailDelivery } from '../../src/store/schema.js';
import type { EmailCandidate } from '../../src/store/types.js';
import { T0, MINUTE, HOUR, DAY, at, member, due, byId, collect, type SuiteContext } from './setup.js';

export function emailOutboxCases(ctx: SuiteContext): void {
  const { store, insertMembers } = ctx;

  describe('e-mail log', () => {
    it('a claim with no previous record wins once; the same claim again loses', async () => {
      const m = member();
      await insertMembers(m);
      const welcome = claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0), 'msg-1@prr');
      expect(await store.emailLog.claim(welcome, undefined)).toBe(true);
      const rival = claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0 + 1), 'msg-2@prr');
      expect(await store.emailLog.claim(rival, undefined)).toBe(false);
      expect(await store.emailLog.claim(welcome, undefined)).toBe(false);
      expect(await store.emailLog.deliveriesOf(m.id)).toEqual({ welcome, reflection: undefined });
      expect((await store.emailLog.deliveriesOf(m.id)).welcome).toStrictEqual(welcome);
      expect(await store.emailLog.deliveriesOf(randomUUID())).toEqual({ welcome: undefined, reflection: undefined });
    });

    it('a claim against the current previous wins once; against a stale previous it loses', async () => {
      const m = member();
      await insertMembers(m);
      const today = due(m.id, 'reflection', '2026-03-02', 1);
      const first = claimRecord(today, undefined, new Date(T0), 'msg-r1@prr');
      expect(await store.emailLog.claim(first, undefined)).toBe(true);

      // The attempt failed: retry in a minute.
      const failed = failedRecord(first, new Date(T0 + 1000), '421 try again later');
      await store.emailLog.update(failed);
      expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(failed);

      // Claiming against the record as it was before the failure: stale.
      const stale = claimRecord(today, first, new Date(T0 + MINUTE), 'msg-r2@prr');
      expect(await store.emailLog.claim(stale, first)).toBe(false);
      // Claiming as if there were none: there is one.
      expect(await store.emailLog.claim(stale, undefined)).toBe(false);
      expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(failed);

      // The retry, against the current record: wins, keeps key, message id and the last error.
      const retry = claimRecord(today, failed, new Date(T0 + MINUTE), 'msg-ignored@prr');
      expect(retry).toMatchObject({ attempts: 2, messageId: 'msg-r1@prr', lastError: '421 try again later' });
      expect(await store.emailLog.claim(retry, failed)).toBe(true);
      // A second process with the same view loses.
      expect(await store.emailLog.claim(retry, failed)).toBe(false);
      expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(retry);

      // Sent; the next day's message claims against the sent record.
      const sent = sentRecord(retry, new Date(T0 + MINUTE + 2000));
      await store.emailLog.update(sent);
      expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(sent);
      const tomorrow = claimRecord(due(m.id, 'reflection', '2026-03-03', 2), sent, new Date(T0 + DAY), 'msg-r3@prr');
      expect(await store.emailLog.claim(tomorrow, retry)).toBe(false);
      expect(await store.emailLog.claim(tomorrow, sent)).toBe(true);
      expect(await store.emailLog.deliveriesOf(m.id)).toEqual({ welcome: undefined, reflection: tomorrow });
    });

    it('update replaces the record only while it holds the same key', async () => {
      const m = member();
      await insertMembers(m);
      const today = claimRecord(due(m.id, 'reflection', '2026-03-02', 1), undefined, new Date(T0), 'msg-a@prr');
      expect(await store.emailLog.claim(today, undefined)).toBe(true);

      // A late update for another key (yesterday's, say) changes nothing.
      const otherKey = sentRecord(
        claimRecord(due(m.id, 'reflection', '2026-03-01', 1), undefined, new Date(T0 - DAY), 'msg-old@prr'),
        new Date(T0 - DAY + 1000),
      );
      await store.emailLog.update(otherKey);
      expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(today);
      // Nor does one for a kind the member has no record of.
      const welcome = sentRecord(
        claimRecord(due(m.id, 'welcome', '2026-03-02', 1), undefined, new Date(T0), 'msg-w@prr'),
        new Date(T0),
      );
      await store.emailLog.update(welcome);
      expect((await store.emailLog.deliveriesOf(m.id)).welcome).toBeUndefined();

      const sent = sentRecord(today, new Date(T0 + 1500));
      await store.emailLog.update(sent);
      expect(await store.emailLog.deliveriesOf(m.id)).toEqual({ welcome: undefined, reflection: sent });
      expect((await store.emailLog.deliveriesOf(m.id)).reflection).toStrictEqual(sent);
    });

    it('candidates: active members joined at or after the date, by id, in batches, each with its deliveries', async () => {
      const since = new Date(T0 - 2 * DAY);
      const eligible = [
        member({ joinedAt: since.toISOString() }), // exactly at the boundary
        member({ joinedAt: at(-DAY) }),
        member({ joinedAt: at() }),
        member({ joinedAt: at(HOUR), emailReminders: false }),
        member({ joinedAt: at(2 * HOUR), state: '' }),
      ];
      const excluded = [
        member({ joinedAt: at(-2 * DAY - 1) }), // a millisecond too early
        member({ joinedAt: at(-30 * DAY) }),
        member({ joinedAt: at(), isActive: false }),
      ];
      await insertMembers(...eligible.slice(0, 3), ...excluded.slice(0, 2));
      await insertMembers(...eligible.slice(3), ...excluded.slice(2));

      const [withWelcome, withBoth] = eligible as [StoredMember, StoredMember];
      const welcome1 = sentRecord(
        claimRecord(due(withWelcome.id, 'welcome', '2026-02-28', 1), undefined, new Date(T0 - 2 * DAY), 'w1@prr'),
        new Date(T0 - 2 * DAY + 900),
      );
      const welcome2 = claimRecord(
        due(withBoth.id, 'welcome', '2026-03-01', 1),
        undefined,
        new Date(T0 - DAY),
        'w2@prr',
      );
      const reflection2 = failedRecord(
        claimRecord(due(withBoth.id, 'reflection', '2026-03-01', 1), undefined, new Date(T0 - DAY + MINUTE), 'r2@prr'),
        new Date(T0 - DAY + MINUTE + 500),
        'connection reset',
      );
      const excludedWelcome = claimRecord(
        due(excluded[2]!.id, 'welcome', '2026-03-02', 1),
        undefined,
        new Date(T0),
        'x@prr',
      );
      for (const record of [welcome1, welcome2, reflection2, excludedWelcome]) {
        expect(await store.emailLog.claim(record, undefined)).toBe(true);
      }

      const expected: EmailCandidate[] = [...eligible].sort(byId).map((m) => ({
        member: m,
        deliveries: {
          welcome: m.id === withWelcome.id ? welcome1 : m.id === withBoth.id ? welcome2 : undefined,
          reflection: m.id === withBoth.id ? reflection2 : undefined,
          levelUp: undefined,
        },
      }));

      const inTwos = await collect(store.emailLog.candidates(since, 2));
      expect(inTwos.map((batch) => batch.length)).toEqual([2, 2, 1]);
      expect(inTwos.flat()).toEqual(expected);
      for (const candidate of inTwos.flat()) {
        const wanted = expected.find((e) => e.member.id === candidate.member.id)!;
        expect(candidate.member).toStrictEqual(wanted.member);
        expect(candidate.deliveries.welcome).toStrictEqual(wanted.deliveries.welcome);
        expect(candidate.deliveries.reflection).toStrictEqual(wanted.deliveries.reflection);
      }

      // A batch size that divides the count: no empty batch at the end.
      const whole = await collect(store.emailLog.candidates(since, 5));
      expect(whole.map((batch) => batch.length)).toEqual([5]);
      expect(whole.flat()).toEqual(expected);
      expect((await collect(store.emailLog.candidates(since, 100))).flat()).toEqual(expected);

      // Later than everyone: nothing at all.
      expect(await collect(store.emailLog.candidates(new Date(T0 + DAY), 2))).toEqual([]);
    });

    it("abandonInterrupted flips only 'sending' records whose last attempt was before the date, and counts them", async () => {
      const [a, b, c] = [member(), member(), member()];
      await insertMembers(a, b, c);
      const before = new Date(T0 + 10 * MINUTE);

      const claim = (m: StoredMember, kind: EmailKind, offset: number, messageId: string): StoredEmailDelivery =>
        claimRecord(due(m.id, kind, '2026-03-02', 1), undefined, new Date(T0 + offset), messageId);
      const oldSending = claim(a, 'welcome', 0, 'a-w@prr');
      const sendingAtTheDate = claim(a, 'reflection', 10 * MINUTE, 'a-r@prr');
      const newSending = claim(b, 'welcome', 20 * MINUTE, 'b-w@prr');
      const oldSent = claim(b, 'reflection', 0, 'b-r@prr');
      const oldRetry = claim(c, 'welcome', 0, 'c-w@prr');
      const olderSending = claim(c, 'reflection', -HOUR, 'c-r@prr');
      for (const record of [oldSending, sendingAtTheDate, newSending, oldSent, oldRetry, olderSending]) {
        expect(await store.emailLog.claim(record, undefined)).toBe(true);
      }
      const sent = sentRecord(oldSent, new Date(T0 + 1000));
      await store.emailLog.update(sent);
      const retry = failedRecord(oldRetry, new Date(T0 + 1000), '450 mailbox busy');
      await store.emailLog.update(retry);

      expect(await store.emailLog.abandonInterrupted(before)).toBe(2);

      const [da, db, dc] = await Promise.all([a, b, c].map((m) => store.emailLog.deliveriesOf(m.id)));
      expect(da!.welcome).toStrictEqual({ ...oldSending, status: 'unknown' });
      expect(da!.reflection).toStrictEqual(sendingAtTheDate);
      expect(db!.welcome).toStrictEqual(newSending);
      expect(db!.reflection).toStrictEqual(sent);
      expect(dc!.welcome).toStrictEqual(retry);
      expect(dc!.reflection).toStrictEqual({ ...olderSending, status: 'unknown' });

      expect(await store.emailLog.abandonInterrupted(before)).toBe(0);
    });
  });
}
