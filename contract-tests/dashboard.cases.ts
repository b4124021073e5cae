/**
 * The contract suite's cases for GET /api/me/dashboard (docs/decisions/033-one-request-dashboard.md):
 * the dashboard's first screen in one answer, each part exactly what the member's own call for it
 * answers, so a screen reading one or the other shows the same. Run by suite.ts against every target.
 */
import { expect } from 'vitest';
import { EXPERIMENT_DAYS, MEMBER_SESSION_COOKIE, api } from '@prr/contract';
import { reflection } from './memberPromises.cases.js';
import { row, signInNeeded, type Case, type World } from './world.js';

/** The parts the member's other calls answer, read with the same cookie. */
async function ownCalls(w: World, cookie: string) {
  const member = await w.ok(api.me, { cookie });
  return {
    member,
    prompt: await w.ok(api.reflectionPrompt, { params: { day: member.currentDay } }),
    reflections: await w.ok(api.reflections, { cookie }),
    achievements: await w.ok(api.achievements, { cookie }),
    invite: await w.ok(api.invite, { cookie }),
    stories: await w.ok(api.myStories, { cookie }),
  };
}

export const dashboardCases: Case[] = [
  row(
    api.memberDashboard,
    "answers a new member's first screen: their view, day 1's prompt, nothing saved yet, their invite",
    (w) => w.asMember(),
    {
      status: 200,
      then: async (dashboard, w) => {
        const own = await ownCalls(w, w.lastMember!.cookie);
        expect(dashboard).toStrictEqual({
          member: own.member,
          prompt: own.prompt,
          today: null,
          recent: [],
          figures: {
            currentDay: 1,
            progressPercent: 1,
            daysRemaining: EXPERIMENT_DAYS - 1,
            dayStreak: 0,
            timesPaused: 0,
            betterResponses: 0,
          },
          achievements: [],
          invite: own.invite,
          stories: [],
        });
        expect(own.prompt.day).toBe(1);
        expect(own.invite.friendsJoined).toBe(0);
      },
    },
  ),
  row(
    api.memberDashboard,
    "answers today's saved reflection, the latest ones and the figures they make",
    async (w) => {
      const req = await w.asMember();
      await w.ok(api.saveReflection, { ...req, json: reflection({ paused: true, successfulResponses: 3 }) });
      return req;
    },
    {
      status: 200,
      then: async (dashboard, w) => {
        const own = await ownCalls(w, w.lastMember!.cookie);
        expect(own.reflections).toHaveLength(1);
        expect(dashboard.today).toStrictEqual(own.reflections[0]);
        expect(dashboard.today).toMatchObject({ day: 1, paused: true, successfulResponses: 3 });
        expect(dashboard.recent).toStrictEqual(own.reflections);
        expect(dashboard.figures).toMatchObject({ dayStreak: 1, timesPaused: 1, betterResponses: 3 });
        // The save's points are on the member's view here as on GET /api/me.
        expect(dashboard.member).toStrictEqual(own.member);
      },
    },
  ),
  row(api.memberDashboard, 'refuses a request without a session cookie', () => ({}), signInNeeded),
  row(
    api.memberDashboard,
    'refuses a forged session cookie',
    () => ({ cookie: `${MEMBER_SESSION_COOKIE}=forged-session-forged-session-forged` }),
    signInNeeded,
  ),
];
