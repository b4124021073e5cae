/** Member-scoped routes over real HTTP with a fake clock: dashboard, reflections, achievements, ripple effects, e-mail settings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AchievementList,
  EmailSettings,
  Member,
  ReflectionList,
  ReflectionSaved,
  RippleEffect,
  RippleEffectList,
  UnsubscribeResponse,
  api,
  pathFor,
} from '@prr/contract';
import { createUnsubscribeToken } from '../src/mail/unsubscribeToken.js';
import { TEST_SECRET, call, reflectionBody, startTestServer, type TestServer } from './helpers.js';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const UNKNOWN_ID = '6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00';
let s: TestServer;
let memberId: string;
const email = 'Peace.Maker@Example.org';

beforeAll(async () => {
  s = await startTestServer();
  await call(s.baseUrl, 'POST', api.joinMovement.path, { body: { name: 'Peace Maker', email, zipCode: '94110' } });
  const res = await call(s.baseUrl, 'GET', pathFor(api.dashboardMember, { email }));
  memberId = Member.parse(res.body).id;
});
afterAll(async () => {
  await s.close();
});

describe('GET /api/dashboard/:email', () => {
  it('answers the Member (day 1, Explorer, 25 points) for the e-mail in any case, without personal data', async () => {
    const res = await call(s.baseUrl, 'GET', pathFor(api.dashboardMember, { email: ' peace.maker@EXAMPLE.org ' }));
    expect(res.status).toBe(200);
    const member = Member.parse(res.body);
    expect(member).toEqual({
      id: memberId,
      name: 'Peace Maker',
      currentDay: 1,
      emailReminders: true,
      reminderTime: '09:00',
      timezone: 'America/New_York',
      peacemakerLevel: 'Explorer',
      levelProgressPoints: 25,
    });
    expect(res.text).not.toMatch(/example\.org|94110|California/i);
  });

  it('answers 404 not_found for an unknown e-mail', async () => {
    const res = await call<ErrorAnswer>(s.baseUrl, 'GET', pathFor(api.dashboardMember, { email: 'nobody@example.org' }));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('reflections and achievements', () => {
  it('GET reflections: [] for a new member, 404 for an unknown one, 400 for a non-UUID', async () => {
    const empty = await call(s.baseUrl, 'GET', pathFor(api.reflections, { memberId }));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect((await call(s.baseUrl, 'GET', pathFor(api.reflections, { memberId: UNKNOWN_ID }))).status).toBe(404);
    const bad = await call<ErrorAnswer>(s.baseUrl, 'GET', pathFor(api.reflections, { memberId: '42' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.memberId).toBeDefined();
  });

  it('POST a reflection: +2, ReflectionSaved; the same day again: 0 points, updated', async () => {
    const first = await call(s.baseUrl, 'POST', api.saveReflection.path, { body: reflectionBody(memberId, 1, { paused: true }) });
    expect(first.status).toBe(200);
    expect(ReflectionSaved.parse(first.body)).toMatchObject({ pointsAwarded: 2, levelProgressPoints: 27, peacemakerLevel: 'Explorer' });
    const again = await call(s.baseUrl, 'POST', api.saveReflection.path, {
      body: reflectionBody(memberId, 1, { paused: true, notes: 'Edited' }),
    });
    expect(ReflectionSaved.parse(again.body)).toMatchObject({ pointsAwarded: 0, levelProgressPoints: 27 });
    const list = ReflectionList.parse((await call(s.baseUrl, 'GET', pathFor(api.reflections, { memberId }))).body);
    expect(list).toHaveLength(1);
    expect(list[0]?.notes).toBe('Edited');
  });

  it('POST a day beyond the member\'s current day: 400 with fields.day', async () => {
    const res = await call<ErrorAnswer>(s.baseUrl, 'POST', api.saveReflection.path, { body: reflectionBody(memberId, 2) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.day?.[0]).toMatch(/between 1 and 1/);
  });

  it('POST bad input: 400 with field messages; unknown member: 404', async () => {
    const res = await call<ErrorAnswer>(s.baseUrl, 'POST', api.saveReflection.path, {
      body: reflectionBody(memberId, 1, { mood: 11, completedExercises: 4, date: 'yesterday' }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(['completedExercises', 'date', 'mood']);
    const unknown = await call<ErrorAnswer>(s.baseUrl, 'POST', api.saveReflection.path, { body: reflectionBody(UNKNOWN_ID, 1) });
    expect(unknown.status).toBe(404);
  });

  it('a week of paused, empathetic days earns both achievements once; the level follows', async () => {
    for (let day = 2; day <= 7; day += 1) {
      s.clock.advanceDays(1);
      const res = await call(s.baseUrl, 'POST', api.saveReflection.path, { body: reflectionBody(memberId, day, { paused: true, empathyScore: 9 }) });
      expect(res.status).toBe(200);
    }
    // Day 1 was saved with empathy 8 and paused: the seventh save completed both rules.
    const achievements = AchievementList.parse((await call(s.baseUrl, 'GET', pathFor(api.achievements, { memberId }))).body);
    expect(achievements.map((a) => a.achievementType).sort()).toEqual(['empathy_champion', 'week_streak']);
    const member = Member.parse((await call(s.baseUrl, 'GET', pathFor(api.dashboardMember, { email }))).body);
    // 25 + 7*2 + 50 + 100
    expect(member).toMatchObject({ currentDay: 7, levelProgressPoints: 189, peacemakerLevel: 'Advocate' });

    s.clock.advanceDays(1);
    const eighth = ReflectionSaved.parse(
      (await call(s.baseUrl, 'POST', api.saveReflection.path, { body: reflectionBody(memberId, 8, { paused: true, empathyScore: 9 }) })).body,
    );
    expect(eighth.newAchievements).toEqual([]);
    expect((await call(s.baseUrl, 'GET', pathFor(api.achievements, { memberId: UNKNOWN_ID }))).status).toBe(404);
  });
});

describe('ripple effects', () => {
  const record = (week: number) => ({
    memberId,
    week,
    relationshipImprovements: 2,
    positiveInteractions: 5,
    conflictsAvoided: 1,
    othersInspired: 3,
    notes: `Week ${week}`,
  });

  it('POST answers 201 with the record; GET lists newest week first', async () => {
    for (const week of [1, 3, 2]) {
      const res = await call(s.baseUrl, 'POST', api.recordRippleEffect.path, { body: record(week) });
      expect(res.status).toBe(201);
      expect(RippleEffect.parse(res.body)).toMatchObject(record(week));
    }
    const list = RippleEffectList.parse((await call(s.baseUrl, 'GET', pathFor(api.rippleEffects, { memberId }))).body);
    expect(list.map((r) => r.week)).toEqual([3, 2, 1]);
  });

  it('400 with fields for bad input, 404 for an unknown member', async () => {
    const bad = await call<ErrorAnswer>(s.baseUrl, 'POST', api.recordRippleEffect.path, { body: { ...record(14), conflictsAvoided: -1 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['conflictsAvoided', 'week']);
    expect((await call(s.baseUrl, 'POST', api.recordRippleEffect.path, { body: { ...record(1), memberId: UNKNOWN_ID } })).status).toBe(404);
    expect((await call(s.baseUrl, 'GET', pathFor(api.rippleEffects, { memberId: UNKNOWN_ID }))).status).toBe(404);
  });
});

describe('e-mail settings and unsubscribe', () => {
  const path = () => pathFor(api.updateEmailSettings, { memberId });

  it('PATCH answers the saved settings and the dashboard shows them', async () => {
    const settings = { emailReminders: true, reminderTime: '07:00', timezone: 'Asia/Tokyo' };
    const res = await call(s.baseUrl, 'PATCH', path(), { body: settings });
    expect(res.status).toBe(200);
    expect(EmailSettings.parse(res.body)).toEqual(settings);
    const member = Member.parse((await call(s.baseUrl, 'GET', pathFor(api.dashboardMember, { email }))).body);
    expect(member).toMatchObject(settings);
  });

  it('PATCH refuses times outside 06:00-21:00 and unlisted zones with the contract messages', async () => {
    const res = await call<ErrorAnswer>(s.baseUrl, 'PATCH', path(), {
      body: { emailReminders: true, reminderTime: '05:00', timezone: 'Mars/Olympus' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      reminderTime: ['Choose a time between 06:00 and 21:00'],
      timezone: ['Choose one of the listed time zones'],
    });
    const unknown = await call(s.baseUrl, 'PATCH', pathFor(api.updateEmailSettings, { memberId: UNKNOWN_ID }), {
      body: { emailReminders: false, reminderTime: '09:00', timezone: 'America/New_York' },
    });
    expect(unknown.status).toBe(404);
  });

  it('unsubscribe with a signed token turns reminders off; a forged token is refused', async () => {
    const forged = await call<ErrorAnswer>(s.baseUrl, 'POST', api.unsubscribe.path, { body: { token: `${memberId}.forged` } });
    expect(forged.status).toBe(400);
    expect(forged.body.error.fields?.token).toBeDefined();
    const res = await call(s.baseUrl, 'POST', api.unsubscribe.path, { body: { token: createUnsubscribeToken(memberId, TEST_SECRET) } });
    expect(res.status).toBe(200);
    expect(UnsubscribeResponse.parse(res.body)).toEqual({ emailReminders: false });
    const member = Member.parse((await call(s.baseUrl, 'GET', pathFor(api.dashboardMember, { email }))).body);
    expect(member.emailReminders).toBe(false);
  });
});
