/**
 * The member's time zone from the join (docs/product/rules.md#joining, #current-day,
 * #daily-reminders) over real HTTP with a fake clock, on whichever store the project runs: the
 * zone the browser sends with the join is stored and answered; the day count turns at the member's
 * own midnight (Honolulu and Tokyo, the offered zones furthest apart), not New York's; and the
 * first and the daily reflection e-mails are keyed and timed by that zone.
 */
import { describe, expect, it } from 'vitest';
import { api, type JoinRequest, type TimezoneId } from '@prr/contract';
import { promptForDay } from '@prr/domain';
import { call, meWith, memberCookieFrom, reflectionRequest, signInByCode } from './helpers.js';
import { mailHarnessPerTest, type MailHarness } from './mail.helpers.js';

/** The app, its store and the e-mail scheduler on a fake clock at START (2026-03-02T14:00:00Z). */
const harness = mailHarnessPerTest();

/** Joins over HTTP as a new member from a browser in `timezone` (none: the browser sent none). */
async function joinIn(h: MailHarness, email: string, timezone?: TimezoneId) {
  const body: JoinRequest = { name: 'Ada Park', email, zipCode: '10001', ...(timezone ? { timezone } : {}) };
  const res = await call(h.server.baseUrl, 'POST', api.joinMovement.path, { body });
  const cookie = memberCookieFrom(res);
  if (res.status !== 200 || !cookie) throw new Error(`join answered ${res.status}: ${res.text}`);
  return { cookie, member: await meWith(h.server.baseUrl, cookie) };
}

describe('the time zone of the join', () => {
  it('is stored and answered by GET /api/me; a join without one starts on New York time', async () => {
    const { h } = await harness();
    const london = await joinIn(h, 'london@example.org', 'Europe/London');
    expect(london.member.timezone).toBe('Europe/London');
    expect((await h.member('london@example.org')).timezone).toBe('Europe/London');
    const plain = await joinIn(h, 'plain@example.org');
    expect(plain.member.timezone).toBe('America/New_York');
  });

  it('is refused when it is not one of the ten offered: 400 on the timezone field, nobody joins', async () => {
    const { h } = await harness();
    const res = await call<{ error: { code: string; fields?: Record<string, string[]> } }>(
      h.server.baseUrl,
      'POST',
      api.joinMovement.path,
      { body: { name: 'Ada Park', email: 'mars@example.org', zipCode: '10001', timezone: 'Europe/Berlin' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toStrictEqual({ timezone: ['Choose one of the listed time zones'] });
    expect(await h.server.store.memberByEmail('mars@example.org')).toBeUndefined();
  });
});

describe("the day count turns at the member's own midnight", () => {
  it('Tokyo, Honolulu and New York members who joined at the same instant change day at their own midnights', async () => {
    const { h } = await harness();
    // START, 14:00 UTC on 2 March: 23:00 in Tokyo, 04:00 in Honolulu, 09:00 in New York; all on the 2nd.
    const tokyo = await joinIn(h, 'tokyo@example.org', 'Asia/Tokyo');
    const honolulu = await joinIn(h, 'honolulu@example.org', 'Pacific/Honolulu');
    const newYork = await joinIn(h, 'newyork@example.org');
    const days = async () =>
      Promise.all([tokyo, honolulu, newYork].map(async (m) => (await meWith(h.server.baseUrl, m.cookie)).currentDay));

    expect(await days()).toStrictEqual([1, 1, 1]);
    h.clock.set('2026-03-02T14:59:59Z'); // 23:59:59 in Tokyo
    expect(await days()).toStrictEqual([1, 1, 1]);
    h.clock.set('2026-03-02T15:00:00Z'); // Tokyo's midnight
    expect(await days()).toStrictEqual([2, 1, 1]);
    h.clock.set('2026-03-03T05:00:00Z'); // New York's midnight: 19:00 on the 2nd in Honolulu
    expect(await days()).toStrictEqual([2, 1, 2]);
    h.clock.set('2026-03-03T09:59:59Z'); // 23:59:59 in Honolulu
    expect(await days()).toStrictEqual([2, 1, 2]);
    h.clock.set('2026-03-03T10:00:00Z'); // Honolulu's midnight
    expect(await days()).toStrictEqual([2, 2, 2]);

    // A reflection for day 2 is taken from Tokyo's midnight on, and refused in Honolulu before its own.
    h.clock.set('2026-03-02T15:00:00Z');
    const save = (cookie: string) =>
      call(h.server.baseUrl, 'POST', api.saveReflection.path, { cookie, body: reflectionRequest(2) });
    expect((await save(tokyo.cookie)).status).toBe(200);
    expect((await save(honolulu.cookie)).status).toBe(400);
  });
});

describe('the reflection e-mails follow the zone of the join', () => {
  it("the first reflection is keyed by the member's local date, and the next arrives at 09:00 on their clock", async () => {
    const { h, mail } = await harness();
    // 23:00 on 2 March in Tokyo: the join's date there is still the 2nd.
    const { member } = await joinIn(h, 'tokyo@example.org', 'Asia/Tokyo');
    await h.scheduler.idle();
    const reflections = () => mail.to(member.email, 'reflection').map((m) => m.subject);
    expect(reflections()).toStrictEqual([`Your first reflection: ${promptForDay(1)?.title}`]);
    expect(await h.delivery(member.id, 'reflection')).toMatchObject({
      key: `${member.id}:reflection:2026-03-02`,
      localDate: '2026-03-02',
      day: 1,
    });
    // Daily reminders wait for a confirmed address.
    await signInByCode(h.server, member.email);

    // 08:59 on 3 March in Tokyo: nothing yet. 09:00 (00:00 UTC), day 2's reminder; New York is still on the 2nd.
    h.clock.set('2026-03-02T23:59:00Z');
    await h.scheduler.tick();
    expect(reflections()).toHaveLength(1);
    h.clock.set('2026-03-03T00:00:00Z');
    await h.scheduler.tick();
    await h.scheduler.idle();
    expect(reflections()).toStrictEqual([
      `Your first reflection: ${promptForDay(1)?.title}`,
      `Day 2 of 90: ${promptForDay(2)?.title}`,
    ]);
    expect(await h.delivery(member.id, 'reflection')).toMatchObject({
      key: `${member.id}:reflection:2026-03-03`,
      day: 2,
      status: 'sent',
    });
  });
});
