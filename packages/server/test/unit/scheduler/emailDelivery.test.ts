import { describe, expect, it } from 'vitest';
import type { StoredMember } from '@prr/domain';
import { memoryStore } from '../../fixtures.js';
import type { LowdbStore } from '../../../src/store/lowdb/lowdbStore.js';
import { DbData, type StoredEmailDelivery } from '../../../src/store/schema.js';
import type { MemberDeliveries } from '../../../src/store/types.js';
import {
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  claimRecord,
  deliveryKey,
  deliveryOf,
  dueFor,
  experimentDay,
  failedRecord,
  localTime,
  refusedRecord,
  sentRecord,
  type Due,
} from '../../../src/scheduler/emailDelivery.js';

const MINUTE = 60_000;

function member(overrides: Partial<StoredMember> = {}): StoredMember {
  return {
    id: 'm1',
    name: 'Ada',
    email: 'ada@example.org',
    zipCode: '10001',
    state: 'New York',
    joinedAt: '2025-03-01T15:00:00.000Z',
    isActive: true,
    emailReminders: true,
    emailConfirmed: true,
    reminderTime: '09:00',
    timezone: 'America/New_York',
    points: 25,
    level: 'explorer',
    ...overrides,
  } as StoredMember;
}

const welcomeDue = (memberId: string, localDate: string): Due => ({
  memberId,
  kind: 'welcome',
  key: deliveryKey(memberId, 'welcome', localDate),
  localDate,
  day: 1,
  retry: false,
});
const reflectionDue = (memberId: string, localDate: string, day: number): Due => ({
  memberId,
  kind: 'reflection',
  key: deliveryKey(memberId, 'reflection', localDate),
  localDate,
  day,
  retry: false,
});

/** A store with an empty e-mail log (the rules read only the member passed in). */
const emptyStore = (): LowdbStore => memoryStore(DbData.parse({}));

/**
 * Claims a due message as the scheduler does: the 'sending' record built from the member's
 * current record of that kind, written only if that record is still current. The claimed record,
 * or undefined when the claim was lost.
 */
async function claim(
  store: LowdbStore,
  due: Due,
  now: Date,
  messageId: string,
): Promise<StoredEmailDelivery | undefined> {
  const previous = deliveryOf(await store.emailLog.deliveriesOf(due.memberId), due.kind);
  const record = claimRecord(due, previous, now, messageId);
  return (await store.emailLog.claim(record, previous)) ? record : undefined;
}

/** Claims and marks sent; fails the test if the claim is lost. */
async function send(store: LowdbStore, due: Due, now: Date): Promise<void> {
  const record = await claim(store, due, now, 'id');
  expect(record).toBeDefined();
  await store.emailLog.update(sentRecord(record!, now));
}

/**
 * Runs the rules minute by minute from `from` to `to`, sending (claim + sent) whatever is due;
 * answers the instants of sends by kind. `member` may be a function of the instant, for a member
 * who changes on the way (e.g. confirms the address).
 */
async function simulate(
  member: StoredMember | ((now: Date) => StoredMember),
  from: string,
  to: string,
  fail: (due: Due) => boolean = () => false,
) {
  const store = emptyStore();
  const sent: string[] = [];
  const attempts: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += MINUTE) {
    const now = new Date(t);
    const m = typeof member === 'function' ? member(now) : member;
    const local = localTime(now, m.timezone);
    for (const due of dueFor(m, await store.emailLog.deliveriesOf(m.id), now, local)) {
      const record = await claim(store, due, now, `<${due.key}>`);
      if (!record) continue;
      attempts.push(`${due.kind} ${now.toISOString()}`);
      if (fail(due)) await store.emailLog.update(failedRecord(record, now, 'refused'));
      else {
        await store.emailLog.update(sentRecord(record, now));
        sent.push(`${due.kind} day ${due.day} ${now.toISOString()} (${local.date} ${local.time})`);
      }
    }
  }
  return { sent, attempts, store };
}

describe('localTime', () => {
  it('follows the zone across daylight-saving changes', () => {
    expect(localTime(new Date('2025-03-09T06:59:00Z'), 'America/New_York')).toEqual({
      date: '2025-03-09',
      time: '01:59',
    });
    expect(localTime(new Date('2025-03-09T07:00:00Z'), 'America/New_York')).toEqual({
      date: '2025-03-09',
      time: '03:00',
    });
    expect(localTime(new Date('2025-11-02T05:30:00Z'), 'America/New_York')).toEqual({
      date: '2025-11-02',
      time: '01:30',
    });
    expect(localTime(new Date('2025-11-02T06:30:00Z'), 'America/New_York')).toEqual({
      date: '2025-11-02',
      time: '01:30',
    });
    expect(localTime(new Date('2025-03-01T15:00:00Z'), 'Asia/Tokyo')).toEqual({ date: '2025-03-02', time: '00:00' });
    expect(localTime(new Date('2025-04-05T16:00:00Z'), 'Australia/Sydney')).toEqual({
      date: '2025-04-06',
      time: '02:00',
    });
  });
});

describe('dueFor', () => {
  it('welcome and first reflection at once after joining; then one reflection per local day at reminderTime', async () => {
    const { sent } = await simulate(member(), '2025-03-01T15:00:00Z', '2025-03-03T15:00:00Z');
    expect(sent).toEqual([
      'welcome day 1 2025-03-01T15:00:00.000Z (2025-03-01 10:00)',
      'reflection day 1 2025-03-01T15:00:00.000Z (2025-03-01 10:00)',
      'reflection day 2 2025-03-02T14:00:00.000Z (2025-03-02 09:00)',
      'reflection day 3 2025-03-03T14:00:00.000Z (2025-03-03 09:00)',
    ]);
  });

  it('a reminder time inside the spring-forward gap goes out once, just after the gap (New York, 02:30 on 9 March 2025)', async () => {
    const m = member({ reminderTime: '02:30' as StoredMember['reminderTime'] });
    const { sent } = await simulate(m, '2025-03-08T05:00:00Z', '2025-03-10T12:00:00Z');
    expect(sent.filter((s) => s.startsWith('reflection day'))).toEqual([
      'reflection day 8 2025-03-08T07:30:00.000Z (2025-03-08 02:30)',
      'reflection day 9 2025-03-09T07:00:00.000Z (2025-03-09 03:00)',
      'reflection day 10 2025-03-10T06:30:00.000Z (2025-03-10 02:30)',
    ]);
  });

  it('a reminder time repeated by the fall-back change goes out once, on its first pass (New York, 01:30 on 2 November 2025)', async () => {
    const m = member({ joinedAt: '2025-10-20T15:00:00.000Z', reminderTime: '01:30' as StoredMember['reminderTime'] });
    const { sent } = await simulate(m, '2025-11-01T04:00:00Z', '2025-11-03T12:00:00Z');
    expect(sent.filter((s) => s.startsWith('reflection day'))).toEqual([
      'reflection day 13 2025-11-01T05:30:00.000Z (2025-11-01 01:30)',
      'reflection day 14 2025-11-02T05:30:00.000Z (2025-11-02 01:30)',
      'reflection day 15 2025-11-03T06:30:00.000Z (2025-11-03 01:30)',
    ]);
  });

  it('Sydney leaves summer time on 6 April 2025 and still gets one reflection a day at 09:00', async () => {
    const m = member({ timezone: 'Australia/Sydney', joinedAt: '2025-04-01T00:00:00.000Z' });
    const { sent } = await simulate(m, '2025-04-04T12:00:00Z', '2025-04-07T12:00:00Z');
    expect(sent).toEqual([
      // Nothing recorded for today and 09:00 has passed (the server was down): today's goes out late, once.
      'reflection day 4 2025-04-04T12:00:00.000Z (2025-04-04 23:00)',
      'reflection day 5 2025-04-04T22:00:00.000Z (2025-04-05 09:00)',
      'reflection day 6 2025-04-05T23:00:00.000Z (2025-04-06 09:00)',
      'reflection day 7 2025-04-06T23:00:00.000Z (2025-04-07 09:00)',
    ]);
  });

  it('nothing for an inactive member; no reflections while reminders are off (the welcome is still sent)', async () => {
    expect((await simulate(member({ isActive: false }), '2025-03-01T15:00:00Z', '2025-03-03T15:00:00Z')).sent).toEqual(
      [],
    );
    expect(
      (await simulate(member({ emailReminders: false }), '2025-03-01T15:00:00Z', '2025-03-03T15:00:00Z')).sent,
    ).toEqual(['welcome day 1 2025-03-01T15:00:00.000Z (2025-03-01 10:00)']);
  });

  it('an unconfirmed address gets the welcome and the first reflection at once, but no daily reminder after', async () => {
    const { sent } = await simulate(member({ emailConfirmed: false }), '2025-03-01T15:00:00Z', '2025-03-04T15:00:00Z');
    expect(sent).toEqual([
      'welcome day 1 2025-03-01T15:00:00.000Z (2025-03-01 10:00)',
      'reflection day 1 2025-03-01T15:00:00.000Z (2025-03-01 10:00)',
    ]);
  });

  it('an unconfirmed member whose join hook was missed still gets the welcome and first reflection within the day', async () => {
    // The server was down when they joined; it comes back 20 hours later.
    const { sent } = await simulate(member({ emailConfirmed: false }), '2025-03-02T11:00:00Z', '2025-03-03T15:00:00Z');
    expect(sent).toEqual([
      'welcome day 1 2025-03-02T11:00:00.000Z (2025-03-02 06:00)',
      'reflection day 2 2025-03-02T11:00:00.000Z (2025-03-02 06:00)',
    ]);
  });

  it("once the address is confirmed before the reminder time, that day's reminder goes out at reminderTime", async () => {
    const confirmedAt = Date.parse('2025-03-02T12:00:00Z'); // 07:00 in New York on day 2
    const { sent } = await simulate(
      (now) => member({ emailConfirmed: now.getTime() >= confirmedAt }),
      '2025-03-01T15:00:00Z',
      '2025-03-03T15:00:00Z',
    );
    expect(sent).toEqual([
      'welcome day 1 2025-03-01T15:00:00.000Z (2025-03-01 10:00)',
      'reflection day 1 2025-03-01T15:00:00.000Z (2025-03-01 10:00)',
      'reflection day 2 2025-03-02T14:00:00.000Z (2025-03-02 09:00)',
      'reflection day 3 2025-03-03T14:00:00.000Z (2025-03-03 09:00)',
    ]);
  });

  it("once the address is confirmed after the reminder time, that day's reminder goes out at once; missed days are not sent", async () => {
    const confirmedAt = Date.parse('2025-03-03T17:30:00Z'); // 12:30 in New York on day 3
    const { sent } = await simulate(
      (now) => member({ emailConfirmed: now.getTime() >= confirmedAt }),
      '2025-03-01T15:00:00Z',
      '2025-03-04T15:00:00Z',
    );
    expect(sent).toEqual([
      'welcome day 1 2025-03-01T15:00:00.000Z (2025-03-01 10:00)',
      'reflection day 1 2025-03-01T15:00:00.000Z (2025-03-01 10:00)',
      'reflection day 3 2025-03-03T17:30:00.000Z (2025-03-03 12:30)',
      'reflection day 4 2025-03-04T14:00:00.000Z (2025-03-04 09:00)',
    ]);
  });

  it('dueFor answers nothing daily for an unconfirmed member at reminderTime, and the reminder once confirmed', () => {
    const day2 = new Date('2025-03-02T14:00:00Z'); // 09:00 in New York
    const afterDay1: MemberDeliveries = {
      welcome: sentRecord(
        claimRecord(welcomeDue('m1', '2025-03-01'), undefined, new Date('2025-03-01T15:00:00Z'), 'w'),
        new Date('2025-03-01T15:00:00Z'),
      ),
      reflection: sentRecord(
        claimRecord(reflectionDue('m1', '2025-03-01', 1), undefined, new Date('2025-03-01T15:00:00Z'), 'r'),
        new Date('2025-03-01T15:00:00Z'),
      ),
      levelUp: undefined,
    };
    const local = localTime(day2, 'America/New_York');
    expect(dueFor(member({ emailConfirmed: false }), afterDay1, day2, local)).toEqual([]);
    expect(dueFor(member({ emailConfirmed: true }), afterDay1, day2, local)).toEqual([
      {
        memberId: 'm1',
        kind: 'reflection',
        key: 'm1:reflection:2025-03-02',
        localDate: '2025-03-02',
        day: 2,
        retry: false,
      },
    ]);
  });

  it('an undeliverable address is due nothing (welcome, level-up, reflection or a retry) until the mark goes', () => {
    const joined = new Date('2025-03-01T15:00:00Z');
    const refused = { emailUndeliverableAt: '2025-03-01T15:00:00.000Z', emailUndeliverableCode: 550 };
    const none: MemberDeliveries = { welcome: undefined, reflection: undefined, levelUp: undefined };
    const local = localTime(joined, 'America/New_York');
    expect(dueFor(member(), none, joined, local).map((d) => d.kind)).toEqual(['welcome', 'reflection']);
    expect(dueFor(member(refused), none, joined, local)).toEqual([]);

    // Agent is owed (points past its threshold, the join's level seen) and today's reflection is due.
    const day2 = new Date('2025-03-02T14:00:00Z');
    const afterDay1: MemberDeliveries = {
      ...none,
      welcome: sentRecord(claimRecord(welcomeDue('m1', '2025-03-01'), undefined, joined, 'w'), joined),
      reflection: sentRecord(claimRecord(reflectionDue('m1', '2025-03-01', 1), undefined, joined, 'r'), joined),
    };
    const owed = { points: 130, level: 'Agent', levelSeen: 'Explorer' } as const;
    const local2 = localTime(day2, 'America/New_York');
    expect(dueFor(member(owed), afterDay1, day2, local2).map((d) => d.kind)).toEqual(['level-up', 'reflection']);
    expect(dueFor(member({ ...owed, ...refused }), afterDay1, day2, local2)).toEqual([]);

    // A failed reflection waiting for its retry is not tried either.
    const failed = failedRecord(
      claimRecord(reflectionDue('m1', '2025-03-02', 2), afterDay1.reflection, day2, 'r2'),
      day2,
      '451 try later',
    );
    const retryAt = new Date(day2.getTime() + RETRY_DELAYS_MS[0]!);
    const waiting = { ...afterDay1, reflection: failed };
    const local3 = localTime(retryAt, 'America/New_York');
    expect(dueFor(member(), waiting, retryAt, local3)).toMatchObject([{ kind: 'reflection', retry: true }]);
    expect(dueFor(member(refused), waiting, retryAt, local3)).toEqual([]);
  });

  it('a recipient refused for good fails its record at once, saying why, with no next attempt', () => {
    const now = new Date('2025-03-01T15:00:00Z');
    const claimed = claimRecord(reflectionDue('m1', '2025-03-01', 1), undefined, now, 'r');
    const refused = refusedRecord(claimed, {
      code: 'recipient-refused',
      responseCode: 550,
      response: '550 5.1.1 <<address>>: no such user',
    });
    expect(refused).toStrictEqual({
      ...claimed,
      status: 'failed',
      attempts: 1,
      lastError: 'refused: 550 5.1.1 <<address>>: no such user',
    });
  });

  it('day 90 is the last; a member who joined long ago gets no welcome and no backlog', async () => {
    const m = member({ joinedAt: '2025-01-01T15:00:00.000Z' });
    expect(experimentDay(m, '2025-03-31')).toBe(90);
    const { sent } = await simulate(m, '2025-03-30T12:00:00Z', '2025-04-02T15:00:00Z');
    expect(sent).toEqual([
      'reflection day 89 2025-03-30T13:00:00.000Z (2025-03-30 09:00)',
      'reflection day 90 2025-03-31T13:00:00.000Z (2025-03-31 09:00)',
    ]);
  });

  it('moving to a zone where today is still yesterday, or where the join date moves, never repeats a day', async () => {
    const store = emptyStore();
    const deliveries = (id: string) => store.emailLog.deliveriesOf(id);
    const tokyo = member({ timezone: 'Asia/Tokyo', joinedAt: '2025-03-01T00:00:00.000Z' });
    const now = new Date('2025-03-05T00:00:00Z'); // 09:00 in Tokyo on the 5th, 19:00 on the 4th in New York
    const [due] = dueFor(tokyo, await deliveries(tokyo.id), now, localTime(now, tokyo.timezone));
    expect(due).toMatchObject({ kind: 'reflection', localDate: '2025-03-05', day: 5 });
    await send(store, due!, now);
    const moved = { ...tokyo, timezone: 'America/New_York' as const };
    for (let t = now.getTime(); t < Date.parse('2025-03-05T14:00:00Z'); t += MINUTE) {
      const at = new Date(t);
      expect(dueFor(moved, await deliveries(moved.id), at, localTime(at, moved.timezone))).toEqual([]);
    }
    const next = new Date('2025-03-06T14:00:00Z');
    // In New York the member joined on 28 February, so the 6th is day 7 there (as the dashboard says).
    expect(dueFor(moved, await deliveries(moved.id), next, localTime(next, moved.timezone))).toMatchObject([
      { localDate: '2025-03-06', day: 7 },
    ]);

    // Eastwards the join date moves a day later: day 1 is not sent a second time.
    const east = member({ id: 'm2', joinedAt: '2025-03-01T23:30:00.000Z' });
    const joined = new Date(east.joinedAt);
    for (const d of dueFor(east, await deliveries(east.id), joined, localTime(joined, east.timezone))) {
      await send(store, d, joined);
    }
    expect((await deliveries(east.id)).reflection).toMatchObject({ localDate: '2025-03-01', day: 1 });
    const inTokyo = { ...east, timezone: 'Asia/Tokyo' as const };
    const tokyoMorning = new Date('2025-03-02T00:00:00Z');
    expect(dueFor(inTokyo, await deliveries(east.id), tokyoMorning, localTime(tokyoMorning, 'Asia/Tokyo'))).toEqual([]);
    const nextMorning = new Date('2025-03-03T00:00:00Z');
    expect(dueFor(inTokyo, await deliveries(east.id), nextMorning, localTime(nextMorning, 'Asia/Tokyo'))).toMatchObject(
      [{ day: 2 }],
    );
  });
});

describe('retry', () => {
  it('backs off 1, 5, 15, 60, 180 minutes, gives up after MAX_ATTEMPTS, and the next day starts afresh', async () => {
    const m = member({ joinedAt: '2025-02-01T15:00:00.000Z' });
    const { attempts, sent, store } = await simulate(
      m,
      '2025-03-03T13:00:00Z',
      '2025-03-04T15:00:00Z',
      (due) => due.localDate === '2025-03-03',
    );
    expect(attempts.slice(0, MAX_ATTEMPTS)).toEqual(
      ['14:00', '14:01', '14:06', '14:21', '15:21', '18:21'].map((t) => `reflection 2025-03-03T${t}:00.000Z`),
    );
    expect(attempts).toHaveLength(MAX_ATTEMPTS + 1);
    expect(sent).toEqual(['reflection day 32 2025-03-04T14:00:00.000Z (2025-03-04 09:00)']);
    expect((await store.emailLog.deliveriesOf(m.id)).reflection).toMatchObject({
      status: 'sent',
      attempts: 1,
      localDate: '2025-03-04',
    });
  });

  it('an unfinished retry is dropped at local midnight: never two reflections on one day', async () => {
    const m = member({ joinedAt: '2025-02-01T15:00:00.000Z', reminderTime: '21:00' });
    // 21:00 New York on the 3rd fails every time; the 6th attempt would be at 01:21 on the 4th.
    const { attempts, sent, store } = await simulate(
      m,
      '2025-03-04T01:59:00Z',
      '2025-03-05T03:00:00Z',
      (due) => due.localDate === '2025-03-03',
    );
    expect(attempts).toEqual(
      [
        '2025-03-04T02:00',
        '2025-03-04T02:01',
        '2025-03-04T02:06',
        '2025-03-04T02:21',
        '2025-03-04T03:21',
        '2025-03-05T02:00',
      ].map((t) => `reflection ${t}:00.000Z`),
    );
    expect(sent).toEqual(['reflection day 32 2025-03-05T02:00:00.000Z (2025-03-04 21:00)']);
    expect((await store.emailLog.deliveriesOf(m.id)).reflection).toMatchObject({
      localDate: '2025-03-04',
      status: 'sent',
      attempts: 1,
    });
  });

  it('a claimed ("sending") record is never due again', async () => {
    const store = emptyStore();
    const m = member();
    const now = new Date('2025-03-01T15:00:00Z');
    const local = localTime(now, m.timezone);
    const previous = await store.emailLog.deliveriesOf(m.id);
    const dues = dueFor(m, previous, now, local);
    expect(dues.map((d) => d.kind)).toEqual(['welcome', 'reflection']);
    // The same claim twice, from the same previous state (the join hook and the minute tick): the second loses.
    for (const due of dues)
      expect(
        await store.emailLog.claim(
          claimRecord(due, deliveryOf(previous, due.kind), now, 'id'),
          deliveryOf(previous, due.kind),
        ),
      ).toBe(true);
    for (const due of dues)
      expect(
        await store.emailLog.claim(
          claimRecord(due, deliveryOf(previous, due.kind), now, 'id'),
          deliveryOf(previous, due.kind),
        ),
      ).toBe(false);
    const current = await store.emailLog.deliveriesOf(m.id);
    expect(current).toMatchObject({
      welcome: { status: 'sending', attempts: 1 },
      reflection: { status: 'sending', attempts: 1 },
    });
    expect(dueFor(m, current, now, local)).toEqual([]);
    const later = new Date('2025-03-01T20:00:00Z');
    expect(dueFor(m, await store.emailLog.deliveriesOf(m.id), later, localTime(later, m.timezone))).toEqual([]);
  });
});

describe('the e-mail log (compare-and-set)', () => {
  const m = member({ joinedAt: '2025-02-01T15:00:00.000Z' });
  const now = new Date('2025-03-03T14:00:00Z'); // 09:00 in New York
  const dueNow = async (store: LowdbStore, at: Date = now) => {
    const [due] = dueFor(m, await store.emailLog.deliveriesOf(m.id), at, localTime(at, m.timezone));
    expect(due).toMatchObject({ kind: 'reflection', localDate: '2025-03-03' });
    return due!;
  };

  it('two claims racing from the same previous state: exactly one wins', async () => {
    const store = emptyStore();
    const due = await dueNow(store);
    const results = await Promise.all([
      store.emailLog.claim(claimRecord(due, undefined, now, '<a>'), undefined),
      store.emailLog.claim(claimRecord(due, undefined, now, '<b>'), undefined),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect(store.data.emailLog).toHaveLength(1);
  });

  it('a retry continues its key: attempts count up, message id and first attempt are kept; a second claim of the same retry loses', async () => {
    const store = emptyStore();
    const due = await dueNow(store);
    const first = claimRecord(due, undefined, now, '<first>');
    expect(first).toMatchObject({
      status: 'sending',
      attempts: 1,
      messageId: '<first>',
      firstAttemptAt: now.toISOString(),
    });
    expect(await store.emailLog.claim(first, undefined)).toBe(true);
    const failed = failedRecord(first, now, 'refused');
    expect(failed).toMatchObject({
      status: 'retry',
      lastError: 'refused',
      nextAttemptAt: new Date(now.getTime() + RETRY_DELAYS_MS[0]!).toISOString(),
    });
    await store.emailLog.update(failed);

    const later = new Date(now.getTime() + RETRY_DELAYS_MS[0]!);
    const retry = await dueNow(store, later);
    expect(retry).toMatchObject({ key: first.key, retry: true });
    const previous = (await store.emailLog.deliveriesOf(m.id)).reflection;
    expect(previous).toEqual(failed);
    const second = claimRecord(retry, previous, later, '<ignored>');
    expect(second).toMatchObject({
      key: first.key,
      status: 'sending',
      attempts: 2,
      messageId: '<first>',
      firstAttemptAt: now.toISOString(),
      lastAttemptAt: later.toISOString(),
      lastError: 'refused',
    });
    expect(second).not.toHaveProperty('nextAttemptAt');
    expect(await store.emailLog.claim(second, previous)).toBe(true);
    expect(await store.emailLog.claim(claimRecord(retry, previous, later, '<ignored>'), previous)).toBe(false);

    const done = sentRecord(second, later);
    expect(done).toMatchObject({ status: 'sent', attempts: 2, sentAt: later.toISOString() });
    expect(done).not.toHaveProperty('lastError');
    await store.emailLog.update(done);
    expect((await store.emailLog.deliveriesOf(m.id)).reflection).toEqual(done);
  });

  it('an outcome recorded after the record moved on to a newer key changes nothing', async () => {
    const store = emptyStore();
    const due = await dueNow(store);
    const old = claimRecord(due, undefined, now, '<old>');
    expect(await store.emailLog.claim(old, undefined)).toBe(true);
    await store.emailLog.update(failedRecord(old, now, 'refused'));
    const stale = (await store.emailLog.deliveriesOf(m.id)).reflection;
    // The next day's reflection replaces the member's record of that kind.
    const tomorrow = new Date('2025-03-04T14:00:00Z');
    const [nextDue] = dueFor(m, await store.emailLog.deliveriesOf(m.id), tomorrow, localTime(tomorrow, m.timezone));
    expect(nextDue).toMatchObject({ localDate: '2025-03-04', retry: false });
    const current = claimRecord(nextDue!, stale, tomorrow, '<new>');
    expect(current).toMatchObject({ attempts: 1, messageId: '<new>' });
    expect(await store.emailLog.claim(current, stale)).toBe(true);
    // A late outcome of the old key is dropped; the claim from the stale state loses.
    await store.emailLog.update(sentRecord(old, tomorrow));
    expect((await store.emailLog.deliveriesOf(m.id)).reflection).toEqual(current);
    expect(await store.emailLog.claim(claimRecord(due, stale, tomorrow, '<again>'), stale)).toBe(false);
    expect(store.data.emailLog).toHaveLength(1);
  });

  it('abandonInterrupted: records still "sending" from before the start become "unknown" and are never due again', async () => {
    const store = emptyStore();
    const due = await dueNow(store);
    expect(await store.emailLog.claim(claimRecord(due, undefined, now, 'id'), undefined)).toBe(true);
    const other = member({ id: 'm2', joinedAt: '2025-02-01T15:00:00.000Z' });
    const startedAt = new Date(now.getTime() + MINUTE);
    const [otherDue] = dueFor(
      other,
      await store.emailLog.deliveriesOf(other.id),
      startedAt,
      localTime(startedAt, other.timezone),
    );
    // Claimed by this run (at its start, not before it): kept.
    expect(await store.emailLog.claim(claimRecord(otherDue!, undefined, startedAt, 'id'), undefined)).toBe(true);

    expect(await store.emailLog.abandonInterrupted(startedAt)).toBe(1);
    expect((await store.emailLog.deliveriesOf(m.id)).reflection).toMatchObject({ status: 'unknown', attempts: 1 });
    expect((await store.emailLog.deliveriesOf(other.id)).reflection).toMatchObject({ status: 'sending' });
    const later = new Date('2025-03-03T20:00:00Z');
    expect(dueFor(m, await store.emailLog.deliveriesOf(m.id), later, localTime(later, m.timezone))).toEqual([]);
    expect(await store.emailLog.abandonInterrupted(startedAt)).toBe(0);
  });
});
