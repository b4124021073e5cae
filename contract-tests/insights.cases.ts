/**
 * The contract suite's cases for what the 90 days show (docs/product/insights.md): Insights is the
 * admin's alone, every figure over fewer than 10 members is hidden after the filter, the cache
 * holds until the admin refreshes it, the evidence is public only once published, and a member's
 * daily figures download as CSV. Run by suite.ts against every target (a fresh target per case, no
 * seeded members assumed): each case joins the members it counts in a state no fixture uses.
 */
import { expect } from 'vitest';
import {
  EXPERIMENT_DAYS,
  RETENTION_DAYS,
  api,
  insightsExport,
  myDailyFiguresExport,
  searchFor,
  type Insights,
} from '@prr/contract';
import { HIDDEN_FIGURE_TEXT, MIN_MEMBERS_PER_FIGURE } from '@prr/domain';
import { reflection } from './memberPromises.cases.js';
import { asAdmin, notFound, refusedField, row, signInNeeded, type Case, type Flow, type World } from './world.js';

/** North Dakota: no fixture member of the mocks lives there, so a case counts only whom it joined. */
const STATE = 'North Dakota';
const ZIP = '58102';
const BOM = '\uFEFF';

async function joinInState(w: World, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await w.join({ zipCode: ZIP });
}

async function insightsOfState(w: World, cookie: string): Promise<Insights> {
  return w.ok(api.adminInsights, { cookie, query: { state: STATE } });
}

async function csvText(
  w: World,
  path: string,
  cookie?: string,
): Promise<{ status: number; text: string; res: Response }> {
  const res = await fetch(w.target.baseUrl + path, { headers: cookie ? { Cookie: cookie } : {} });
  return {
    status: res.status,
    res,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()),
  };
}

/** The admin's session, once the evidence is published with it. */
async function published(w: World): Promise<{ cookie: string }> {
  const cookie = await w.login();
  await w.ok(api.publishImpact, { cookie });
  return { cookie };
}

export const insightCases: Case[] = [
  row(
    api.adminInsights,
    'refuses a state that is not one',
    (w) => asAdmin(w, { query: { state: 'Atlantis' } }),
    refusedField('state', 'Choose a US state'),
  ),
  row(
    api.adminInsights,
    'refuses a month not written YYYY-MM',
    (w) => asAdmin(w, { query: { joinMonth: '2026-13' } }),
    refusedField('joinMonth', 'Choose a month as YYYY-MM'),
  ),
  row(api.adminInsights, 'answers every day of the experiment and every retention day', (w) => asAdmin(w), {
    status: 200,
    then: (insights) => {
      expect(insights.days.map((d) => d.day)).toEqual(Array.from({ length: EXPERIMENT_DAYS }, (_, i) => i + 1));
      expect(insights.retention.map((r) => r.day)).toEqual([...RETENTION_DAYS]);
      expect(insights.filter).toStrictEqual({ state: '', joinMonth: '' });
    },
  }),
  row(api.refreshInsights, 'empties the cache', (w) => asAdmin(w), {
    status: 200,
    then: (answer) => expect(answer).toStrictEqual({ refreshed: true }),
  }),
  row(api.publishImpact, "publishes the whole movement's evidence, dated", (w) => asAdmin(w), {
    status: 201,
    then: (snapshot) => {
      expect(Date.parse(snapshot.publishedAt)).not.toBeNaN();
      expect(snapshot.evidence.retention.map((r) => r.day)).toEqual([30, 90]);
    },
  }),
  row(api.withdrawImpact, 'withdraws what is published', (w) => published(w), {
    status: 200,
    then: (answer) => expect(answer).toStrictEqual({ withdrawn: true }),
  }),
  row(
    api.impact,
    'answers the published evidence to anyone',
    async (w) => {
      // Published with the admin's session; read without one.
      await published(w);
      return {};
    },
    {
      status: 200,
      then: (snapshot) => expect(snapshot.evidence.members).toBeDefined(),
    },
  ),
  row(api.impact, 'answers 404 while nothing is published', () => ({}), notFound),
  row(api.withdrawImpact, 'answers 409 when nothing is published', (w) => asAdmin(w), {
    status: 409,
    code: 'conflict',
    message: 'Nothing is published on /impact',
  }),
  row(api.adminImpact, 'answers no snapshot before one is published', (w) => asAdmin(w), {
    status: 200,
    then: (published) => expect(published).toStrictEqual({ snapshot: null }),
  }),
];

export const insightFlows: Flow[] = [
  {
    title: `a state's figures are hidden below ${MIN_MEMBERS_PER_FIGURE} members and shown from it, once refreshed`,
    async run(w) {
      const cookie = await w.login();
      await joinInState(w, MIN_MEMBERS_PER_FIGURE - 1);
      const nine = await insightsOfState(w, cookie);
      expect(nine.filter.state).toBe(STATE);
      expect(nine.members).toStrictEqual({ hidden: true });
      expect(nine.joinsByState).toStrictEqual([{ state: STATE, joins: { hidden: true } }]);

      await joinInState(w, 1);
      // Cached: the tenth member shows only once the admin refreshes.
      expect((await insightsOfState(w, cookie)).computedAt).toBe(nine.computedAt);
      expect(await w.ok(api.refreshInsights, { cookie })).toStrictEqual({ refreshed: true });
      const ten = await insightsOfState(w, cookie);
      expect(ten.members).toStrictEqual({ hidden: false, members: MIN_MEMBERS_PER_FIGURE });
      expect(ten.joinsByState).toStrictEqual([
        { state: STATE, joins: { hidden: false, members: MIN_MEMBERS_PER_FIGURE } },
      ]);
      // Nobody is past day 1: every retention figure stands on no one.
      expect(ten.retention.every((r) => r.figure.hidden)).toBe(true);
    },
  },
  {
    title: 'no note or prompt response enters Insights or its CSV; a hidden figure reads "fewer than 10" in the CSV',
    async run(w) {
      // Before any sign-in: the mocks' cookie jar would send a later session along.
      expect((await csvText(w, insightsExport.path)).status).toBe(401);
      const member = await w.join({ zipCode: ZIP });
      const note = 'A note only its writer may read 7f3a';
      await w.ok(api.saveReflection, {
        cookie: member.cookie,
        json: reflection({ notes: note, promptResponse: note }),
      });
      const cookie = await w.login();
      await w.ok(api.refreshInsights, { cookie });
      expect(JSON.stringify(await insightsOfState(w, cookie))).not.toContain(note);

      const { status, res, text } = await csvText(w, insightsExport.path + searchFor({ state: STATE }), cookie);
      expect(status).toBe(200);
      expect(res.headers.get('content-type')).toBe(insightsExport.contentType);
      expect(res.headers.get('content-disposition')).toContain(insightsExport.filename);
      expect(text.startsWith(`${BOM}Section,Group,Measure,Members,Value\r\n`)).toBe(true);
      expect(text).toContain(`Members,All,,${HIDDEN_FIGURE_TEXT},\r\n`);
      expect(text).not.toContain(note);
    },
  },
  {
    title: 'publishing puts the evidence on /api/impact with its date; withdrawing takes it down',
    async run(w) {
      const cookie = await w.login();
      const published = await w.ok(api.publishImpact, { cookie });
      expect(Date.parse(published.publishedAt)).not.toBeNaN();
      expect(published.evidence.retention.map((r) => r.day)).toEqual([30, 90]);
      expect(await w.ok(api.impact)).toStrictEqual(published);
      expect(await w.ok(api.adminImpact, { cookie })).toStrictEqual({ snapshot: published });
      const activity = await w.ok(api.adminActivity, { cookie, query: { pageSize: 10 } });
      expect(activity.items[0]?.action).toBe('impact.publish');

      expect(await w.ok(api.withdrawImpact, { cookie })).toStrictEqual({ withdrawn: true });
      expect((await w.call(api.impact)).status).toBe(404);
      expect(await w.ok(api.adminImpact, { cookie })).toStrictEqual({ snapshot: null });
    },
  },
  {
    title: "a member's daily figures download as CSV, their own only, figures without notes",
    async run(w) {
      expect((await csvText(w, myDailyFiguresExport.path)).status).toBe(signInNeeded.status);
      const member = await w.join();
      await w.ok(api.saveReflection, {
        cookie: member.cookie,
        json: reflection({ mood: 7, empathyScore: 6, selfAwarenessScore: 8, notes: 'Private words 91c2' }),
      });
      const other = await w.join();
      const { status, res, text } = await csvText(w, myDailyFiguresExport.path, member.cookie);
      expect(status).toBe(200);
      expect(res.headers.get('content-type')).toBe(myDailyFiguresExport.contentType);
      expect(res.headers.get('content-disposition')).toContain(myDailyFiguresExport.filename);
      const lines = text.slice(BOM.length).split('\r\n');
      expect(lines[0]).toBe('Day,Date,Paused,Reflected,Retried,Mood,Empathy,Self-awareness,Conflicts,Better responses');
      expect(lines[1]).toMatch(/^1,\d{4}-\d{2}-\d{2},yes,(yes|no),(yes|no),7,6,8,\d+,\d+$/);
      expect(lines.slice(2)).toEqual(['']);
      expect(text).not.toContain('Private words 91c2');
      const empty = await csvText(w, myDailyFiguresExport.path, other.cookie);
      expect(empty.text.slice(BOM.length).split('\r\n').slice(1)).toEqual(['']);
    },
  },
];
