/**
 * The contract suite's cases for promises the site makes to a member (docs/product/rules.md):
 * one ripple-effect record per week, today's reflection saved again (savedAt moves, no points),
 * the time zone sent with the join, and the choice after day 90. Run by suite.ts against every
 * target, with its rules: a fresh target per case, cookies always sent explicitly; the cases after
 * day 90 move the target's clock and are skipped on a target that cannot.
 */
import { expect } from 'vitest';
import {
  EXPERIMENT_DAYS,
  MEMBER_SESSION_DAYS,
  POINTS,
  REFLECTION_DEFAULTS,
  REMINDER_DEFAULTS,
  api,
  type ReflectionRequest,
  type RippleEffectRequest,
} from '@prr/contract';
import { joinWith } from './invites.cases.js';
import {
  invalid,
  memberCookiePair,
  row,
  signInNeeded,
  type Case,
  type Flow,
  type SignedIn,
  type World,
} from './world.js';

export const AFTER_EXPERIMENT_NOT_YET = 'Your 90 days are not over yet: this choice opens on day 91';

/** A reflection of `day` (1 unless told), dated today. */
export const reflection = (overrides: Partial<ReflectionRequest> = {}): ReflectionRequest => ({
  ...REFLECTION_DEFAULTS,
  day: 1,
  date: new Date().toISOString().slice(0, 10),
  paused: true,
  notes: 'Paused before answering my neighbour.',
  reflectionPrompt: 'Think of one moment today when you felt your temper rise.',
  exerciseType: 'breathing',
  completedExercises: 1,
  ...overrides,
});

export const ripple = (overrides: Partial<RippleEffectRequest> = {}): RippleEffectRequest => ({
  week: 1,
  relationshipImprovements: 2,
  positiveInteractions: 5,
  conflictsAvoided: 3,
  othersInspired: 1,
  notes: 'Two colleagues asked about the method.',
  ...overrides,
});

/**
 * A member in Tokyo (no daylight saving time: every 24 hours the clock moves is one of their
 * calendar days) taken to `day` of the experiment. The clock moves in steps shorter than a member
 * session's lifetime, each followed by a read and a fresh sign-in by code, as a member who keeps
 * coming back (a session lasts MEMBER_SESSION_DAYS from its sign-in, however often it is used).
 */
async function memberOnDay(w: World, day: number): Promise<SignedIn> {
  w.needsClock();
  const member = await joinWith(w, { timezone: 'Asia/Tokyo' });
  let cookie = member.cookie;
  for (let at = 1; at < day;) {
    const step = Math.min(day - at, MEMBER_SESSION_DAYS - 1);
    await w.advanceClock(step);
    at += step;
    expect((await w.ok(api.me, { cookie })).currentDay).toBe(Math.min(at, EXPERIMENT_DAYS));
    cookie = await w.signInByCode(member.email);
  }
  return { ...member, cookie };
}

export const memberPromiseCases: Case[] = [
  // -- the time zone of the join
  row(
    api.joinMovement,
    "keeps the browser's time zone sent with the join, and answers it in the member's view",
    (w) => ({ json: { name: 'Ada Park', email: w.email(), zipCode: '94110', timezone: 'Europe/London' } }),
    {
      status: 200,
      then: async (_body, w, res) => {
        const member = await w.ok(api.me, { cookie: memberCookiePair(res.headers) });
        // Reminders stay on at the default time; only the zone is the browser's.
        expect(member).toMatchObject({ ...REMINDER_DEFAULTS, timezone: 'Europe/London', currentDay: 1 });
      },
    },
  ),
  row(
    api.joinMovement,
    'refuses a time zone that is not one of the ten offered, on the timezone field',
    (w) => ({ json: { name: 'Ada Park', email: w.email(), zipCode: '94110', timezone: 'Mars/Olympus_Mons' } }),
    invalid({ timezone: 'Choose one of the listed time zones' }),
  ),

  // -- after day 90
  row(
    api.chooseAfterExperiment,
    'refuses the choice before day 91 with 409, changing nothing',
    (w) => w.asMember({ json: { choice: 'stop' } }),
    { status: 409, code: 'conflict', message: AFTER_EXPERIMENT_NOT_YET },
  ),
  row(
    api.chooseAfterExperiment,
    "from day 91 'stop' stores the choice, turns the reminders off and answers the member",
    async (w) => {
      const member = await memberOnDay(w, EXPERIMENT_DAYS + 1);
      w.lastMember = member;
      return { cookie: member.cookie, json: { choice: 'stop' } };
    },
    {
      status: 200,
      then: async (view, w) => {
        expect(view).toMatchObject({
          completed: true,
          currentDay: EXPERIMENT_DAYS,
          afterExperiment: 'stop',
          emailReminders: false,
        });
        expect(await w.ok(api.me, { cookie: w.lastMember!.cookie })).toStrictEqual(view);
      },
    },
  ),
  row(
    api.chooseAfterExperiment,
    'refuses a choice that is neither continue nor stop',
    (w) => w.asMember({ json: { choice: 'pause' } }),
    invalid({ choice: true }),
  ),
  row(api.chooseAfterExperiment, 'refuses a request without a session cookie', () => ({}), signInNeeded),
];

export const memberPromiseFlows: Flow[] = [
  {
    title: 'recording a ripple-effect week again updates its record: the same id, the new values, one record',
    async run(w) {
      const member = await joinWith(w);
      const first = await w.ok(api.recordRippleEffect, { cookie: member.cookie, json: ripple() });
      const week2 = await w.ok(api.recordRippleEffect, { cookie: member.cookie, json: ripple({ week: 2 }) });
      const values = ripple({ relationshipImprovements: 0, positiveInteractions: 9, notes: 'Counted again' });
      const again = await w.ok(api.recordRippleEffect, { cookie: member.cookie, json: values });
      expect(again).toStrictEqual({ ...values, id: first.id, memberId: member.id });
      expect(await w.ok(api.rippleEffects, { cookie: member.cookie })).toStrictEqual([week2, again]);
    },
  },
  {
    title: "saving today's reflection again updates it: savedAt moves on, no points, the list answers the update",
    async run(w) {
      const member = await joinWith(w);
      const first = await w.ok(api.saveReflection, { cookie: member.cookie, json: reflection() });
      expect(first.pointsAwarded).toBe(POINTS.dailyReflection);
      // 10 ms on by the case's clock (both targets run on the real time plus an offset): a later savedAt, no wait.
      await w.advanceClock(10 / 86_400_000);
      const second = await w.ok(api.saveReflection, {
        cookie: member.cookie,
        json: reflection({ notes: 'Saved again after lunch.' }),
      });
      expect(second.pointsAwarded).toBe(0);
      expect(second.levelProgressPoints).toBe(first.levelProgressPoints);
      expect(second.reflection.id).toBe(first.reflection.id);
      expect(Date.parse(second.reflection.savedAt)).toBeGreaterThan(Date.parse(first.reflection.savedAt));
      expect(await w.ok(api.reflections, { cookie: member.cookie })).toStrictEqual([second.reflection]);
    },
  },
  {
    title: "after day 90 'continue' stores the choice and turns the reminders back on; day 90 itself still refuses",
    async run(w) {
      const member = await memberOnDay(w, EXPERIMENT_DAYS);
      await w.ok(api.updateEmailSettings, {
        cookie: member.cookie,
        json: { ...REMINDER_DEFAULTS, emailReminders: false, timezone: 'Asia/Tokyo' },
      });
      const early = await w.call(api.chooseAfterExperiment, { cookie: member.cookie, json: { choice: 'continue' } });
      expect(early.status).toBe(409);
      expect((await w.ok(api.me, { cookie: member.cookie })).completed).toBe(false);

      await w.advanceClock(1);
      const before = await w.ok(api.me, { cookie: member.cookie });
      expect(before).toMatchObject({ completed: true, afterExperiment: null, emailReminders: false });
      const view = await w.ok(api.chooseAfterExperiment, { cookie: member.cookie, json: { choice: 'continue' } });
      expect(view).toStrictEqual({ ...before, afterExperiment: 'continue', emailReminders: true });
      expect(await w.ok(api.me, { cookie: member.cookie })).toStrictEqual(view);
    },
  },
];
