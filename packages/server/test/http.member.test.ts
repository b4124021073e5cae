/**
 * The signed-in member's own routes over real HTTP with a fake clock: GET /api/me, reflections,
 * achievements, ripple effects, e-mail settings, and the unsubscribe link. The member comes from
 * the session cookie the join set (test/http.signIn.test.ts proves the sign-in rules themselves).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AchievementList,
  EmailSettings,
  Member,
  ReflectionList,
  ReflectionSaved,
  RippleEffect,
  RippleEffectList,
  SIGN_IN_MESSAGES,
  UnsubscribeResponse,
  api,
} from '@prr/contract';
import { createUnsubscribeToken } from '../src/auth/emailLinkTokens.js';
import {
  TEST_SECRET,
  call,
  joinAndSignIn,
  meWith,
  reflectionRequest,
  rippleRequest,
  startTestServer,
  type TestServer,
} from './helpers.js';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

let s: TestServer;
let memberId: string;
let cookie: string;
const email = 'Peace.Maker@Example.org';

beforeAll(async () => {
  s = await startTestServer();
  ({
    cookie,
    member: { id: memberId },
  } = await joinAndSignIn(s.baseUrl, { name: 'Peace Maker', email, zipCode: '94110' }));
});
afterAll(async () => {
  await s.close();
});

/** With the member's cookie unless told otherwise (null: none). */
const get = (path: string, withCookie: string | null = cookie) =>
  call(s.baseUrl, 'GET', path, withCookie ? { cookie: withCookie } : {});
const send = (method: string, path: string, body: unknown, withCookie: string | null = cookie) =>
  call<ErrorAnswer>(s.baseUrl, method, path, { body, ...(withCookie ? { cookie: withCookie } : {}) });

function expectSignInNeeded(res: { status: number; body: unknown }): void {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: { code: 'unauthenticated', message: SIGN_IN_MESSAGES.signInNeeded } });
}

describe('GET /api/me', () => {
  it("answers the session's Member (day 1, Explorer, 25 points) with their own address, and nothing else personal", async () => {
    const res = await get(api.me.path);
    expect(res.status).toBe(200);
    const member = Member.parse(res.body);
    expect(member).toEqual({
      id: memberId,
      name: 'Peace Maker',
      email: 'Peace.Maker@Example.org',
      currentDay: 1,
      emailReminders: true,
      reminderTime: '09:00',
      timezone: 'America/New_York',
      peacemakerLevel: 'Explorer',
      levelProgressPoints: 25,
      completed: false,
      levelUp: null,
      afterExperiment: null,
    });
    expect(res.text).not.toMatch(/94110|California|emailConfirmed|zipCode/i);
  });

  it('answers 401 unauthenticated without a session, and with an unknown one', async () => {
    expectSignInNeeded(await call(s.baseUrl, 'GET', api.me.path));
    expectSignInNeeded(await get(api.me.path, 'prr_member=not-a-session'));
  });
});

describe('reflections and achievements', () => {
  it('GET reflections: [] for a new member; 401 without a session', async () => {
    const empty = await get(api.reflections.path);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expectSignInNeeded(await call(s.baseUrl, 'GET', api.reflections.path));
  });

  it('POST a reflection: +2, ReflectionSaved; the same day again: 0 points, updated', async () => {
    const first = await send('POST', api.saveReflection.path, reflectionRequest(1, { paused: true }));
    expect(first.status).toBe(200);
    expect(ReflectionSaved.parse(first.body)).toMatchObject({
      pointsAwarded: 2,
      levelProgressPoints: 27,
      peacemakerLevel: 'Explorer',
    });
    expect(ReflectionSaved.parse(first.body).reflection.memberId).toBe(memberId);
    const again = await send('POST', api.saveReflection.path, reflectionRequest(1, { paused: true, notes: 'Edited' }));
    expect(ReflectionSaved.parse(again.body)).toMatchObject({ pointsAwarded: 0, levelProgressPoints: 27 });
    const list = ReflectionList.parse((await get(api.reflections.path)).body);
    expect(list).toHaveLength(1);
    expect(list[0]?.notes).toBe('Edited');
  });

  it("POST a day beyond the member's current day: 400 with fields.day", async () => {
    const res = await send('POST', api.saveReflection.path, reflectionRequest(2));
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.day?.[0]).toMatch(/between 1 and 1/);
  });

  it('POST bad input: 400 with field messages; without a session: 401 and nothing saved', async () => {
    const res = await send(
      'POST',
      api.saveReflection.path,
      reflectionRequest(1, { mood: 11, completedExercises: 4, date: 'yesterday' }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(['completedExercises', 'date', 'mood']);
    expectSignInNeeded(await send('POST', api.saveReflection.path, reflectionRequest(1, { notes: 'anonymous' }), null));
    expect((await s.store.reflectionsOf(memberId)).map((r) => r.notes)).toEqual(['Edited']);
  });

  it("a memberId in the body names nobody: the reflection is the session member's", async () => {
    const other = await joinAndSignIn(s.baseUrl, {
      name: 'Other One',
      email: 'other.one@example.org',
      zipCode: '10001',
    });
    const res = await send('POST', api.saveReflection.path, {
      ...reflectionRequest(1, { notes: 'mine' }),
      memberId: other.member.id,
    });
    expect(res.status).toBe(200);
    expect(ReflectionSaved.parse(res.body).reflection.memberId).toBe(memberId);
    expect(await s.store.reflectionsOf(other.member.id)).toEqual([]);
    expect((await get(api.reflections.path, other.cookie)).body).toEqual([]);
  });

  it('a week of paused, empathetic days earns both achievements once; the level follows', async () => {
    for (let day = 2; day <= 7; day += 1) {
      s.clock.advanceDays(1);
      const res = await send(
        'POST',
        api.saveReflection.path,
        reflectionRequest(day, { paused: true, empathyScore: 9 }),
      );
      expect(res.status).toBe(200);
    }
    // Day 1 was saved with empathy 8 and paused: the seventh save completed both rules.
    const achievements = AchievementList.parse((await get(api.achievements.path)).body);
    expect(achievements.map((a) => a.achievementType).sort()).toEqual(['empathy_champion', 'week_streak']);
    const member = await meWith(s.baseUrl, cookie);
    // 25 + 7*2 + 50 + 100
    expect(member).toMatchObject({ currentDay: 7, levelProgressPoints: 189, peacemakerLevel: 'Advocate' });

    s.clock.advanceDays(1);
    const eighth = ReflectionSaved.parse(
      (await send('POST', api.saveReflection.path, reflectionRequest(8, { paused: true, empathyScore: 9 }))).body,
    );
    expect(eighth.newAchievements).toEqual([]);
    expectSignInNeeded(await call(s.baseUrl, 'GET', api.achievements.path));
  });
});

describe('ripple effects', () => {
  it("POST answers 201 with the record (the session member's); GET lists newest week first", async () => {
    for (const week of [1, 3, 2]) {
      const res = await send('POST', api.recordRippleEffect.path, rippleRequest(week));
      expect(res.status).toBe(201);
      expect(RippleEffect.parse(res.body)).toMatchObject({ ...rippleRequest(week), memberId });
    }
    const list = RippleEffectList.parse((await get(api.rippleEffects.path)).body);
    expect(list.map((r) => r.week)).toEqual([3, 2, 1]);
  });

  it('400 with fields for bad input; 401 without a session, and nothing recorded', async () => {
    const bad = await send('POST', api.recordRippleEffect.path, { ...rippleRequest(14), conflictsAvoided: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['conflictsAvoided', 'week']);
    expectSignInNeeded(await send('POST', api.recordRippleEffect.path, rippleRequest(4), null));
    expectSignInNeeded(await call(s.baseUrl, 'GET', api.rippleEffects.path));
    expect((await s.store.rippleEffectsOf(memberId)).map((r) => r.week).sort()).toEqual([1, 2, 3]);
  });
});

describe('e-mail settings and unsubscribe', () => {
  const path = api.updateEmailSettings.path;

  it('PATCH answers the saved settings and GET /api/me shows them', async () => {
    const settings = { emailReminders: true, reminderTime: '07:00', timezone: 'Asia/Tokyo' };
    const res = await send('PATCH', path, settings);
    expect(res.status).toBe(200);
    expect(EmailSettings.parse(res.body)).toEqual(settings);
    expect(await meWith(s.baseUrl, cookie)).toMatchObject(settings);
  });

  it('PATCH refuses times outside 06:00-21:00 and unlisted zones with the contract messages; 401 without a session', async () => {
    const res = await send('PATCH', path, { emailReminders: true, reminderTime: '05:00', timezone: 'Mars/Olympus' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      reminderTime: ['Choose a time between 06:00 and 21:00'],
      timezone: ['Choose one of the listed time zones'],
    });
    expectSignInNeeded(
      await send('PATCH', path, { emailReminders: false, reminderTime: '09:00', timezone: 'America/New_York' }, null),
    );
    expect(await meWith(s.baseUrl, cookie)).toMatchObject({
      emailReminders: true,
      reminderTime: '07:00',
      timezone: 'Asia/Tokyo',
    });
  });

  it('unsubscribe with a sealed token turns reminders off; a forged token is refused', async () => {
    for (const token of [
      `${memberId}.forged`,
      memberId,
      createUnsubscribeToken(memberId, 'another-secret-another-secret-0123456789'),
    ]) {
      const forged = await send('POST', api.unsubscribe.path, { token }, null);
      expect(forged.status).toBe(400);
      expect(forged.body.error.fields?.token).toBeDefined();
    }
    expect((await meWith(s.baseUrl, cookie)).emailReminders).toBe(true);
    const res = await send(
      'POST',
      api.unsubscribe.path,
      { token: createUnsubscribeToken(memberId, TEST_SECRET) },
      null,
    );
    expect(res.status).toBe(200);
    expect(UnsubscribeResponse.parse(res.body)).toEqual({ emailReminders: false });
    expect((await meWith(s.baseUrl, cookie)).emailReminders).toBe(false);
  });
});
