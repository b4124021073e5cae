/**
 * The HTTP contract suite, written once and run against every implementation of the /api contract:
 * the MSW handlers (contract-tests/mocks.test.ts) and the real Koa server (contract-tests/server.test.ts).
 * It speaks plain HTTP with `fetch`, so it sees exactly what a browser sees, and it only asserts what
 * both implementations must do (docs/decisions/001 for the contract, docs/decisions/005 for
 * member sign-in). Limits that only the real server has (413, most 429s, security headers) are
 * tested with the server, not here.
 *
 * Every case gets a fresh target (`start()` before, `close()` after), so cases never depend on each
 * other, and no case assumes seeded members: the members a case needs are joined inside it. A
 * member is reached only through their session: a case joins with a fresh address and sends the
 * `prr_member` cookie of that answer, exactly as the browser that joined would. Cookies are always
 * sent explicitly (the suite keeps no cookie jar), and no case expects "no session" after a cookie
 * was set in it without clearing it: MSW's own cookie jar would still send that one to the mocks.
 *
 * The plain HTTP, the `World` of a case and the table's rows are in world.ts; the admin's
 * participant cases (the paged list, edits, the map update's undo, the CSV export, the password)
 * are in adminParticipants.cases.ts, run here with the rest.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  DEFAULT_MOVEMENT_GOAL,
  DEMO_ADMIN,
  EXPERIMENT_DAYS,
  MEMBER_SESSION_COOKIE,
  MEMBER_SESSION_DAYS,
  POINTS,
  REFLECTION_DEFAULTS,
  REMINDER_DEFAULTS,
  SIGN_IN_MAX_WRONG_CODES,
  SIGN_IN_MESSAGES,
  SIGN_IN_EMAILS_WINDOW_MINUTES,
  SIGN_IN_MINUTES,
  US_STATES,
  api,
  levelForPoints,
  pathFor,
  routeList,
  totalPeacemakers,
  type AdminMember,
  type AdminStats,
  type Achievement,
  type AnyRoute,
  type Member,
  type ReflectionRequest,
  type ReflectionSaved,
  type RippleEffectRequest,
  type StateParticipation,
} from '@prr/contract';
import { adminActivityCases, adminActivityFlows } from './adminActivity.cases.js';
import { adminParticipantCases, adminParticipantFlows } from './adminParticipants.cases.js';
import { adminSecondFactorCases, adminSecondFactorFlows } from './adminSecondFactor.cases.js';
import { dashboardCases } from './dashboard.cases.js';
import { insightCases, insightFlows } from './insights.cases.js';
import { inviteCases } from './invites.cases.js';
import { levelUpCases, levelUpFlows } from './levelUps.cases.js';
import { memberDataCases, memberDataFlows } from './memberData.cases.js';
import { memberKeyCases, memberKeyFlows } from './memberKeys.cases.js';
import { memberPromiseCases, memberPromiseFlows } from './memberPromises.cases.js';
import { storyCases, storyFlows, storyRequest } from './stories.cases.js';
import { typedTextCases } from './typedText.cases.js';
import {
  UUID,
  VALIDATION_MESSAGES,
  World,
  allMembers,
  asAdmin,
  cookieAttributes,
  expectRefused,
  invalid,
  memberCookieLines,
  memberCookiePair,
  notFound,
  participant,
  refusedField,
  row,
  send,
  sessionCookie,
  signInNeeded,
  type Case,
  type ContractTarget,
  type Flow,
  type Req,
  type SignedIn,
} from './world.js';

export type { ContractTarget } from './world.js';

function reflection(overrides: Partial<ReflectionRequest> = {}): ReflectionRequest {
  return {
    ...REFLECTION_DEFAULTS,
    day: 1,
    date: new Date().toISOString().slice(0, 10),
    paused: true,
    mood: 7,
    empathyScore: 8,
    notes: 'Paused before answering my neighbour.',
    reflectionPrompt: 'Think of one moment today when you felt your temper rise.',
    exerciseType: 'breathing',
    completedExercises: 1,
    ...overrides,
  };
}

function rippleEffect(overrides: Partial<RippleEffectRequest> = {}): RippleEffectRequest {
  return {
    week: 1,
    relationshipImprovements: 2,
    positiveInteractions: 5,
    conflictsAvoided: 3,
    othersInspired: 1,
    notes: 'Two colleagues asked about the method.',
    ...overrides,
  };
}

/** Another 6-digit code than `code`. */
const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The participant conflict's message, and its `fields.email` message alike. */
const PARTICIPANT_EXISTS = 'A participant with this email already exists';

/** The two achievements as every member earns them: everything but id, memberId and dayEarned. */
const WEEK_WARRIOR = {
  title: 'Week Warrior',
  description: 'Paused before reacting on seven days in a row.',
  icon: 'flame',
  category: 'consistency',
  points: 50,
  achievementType: 'week_streak',
} as const;
const EMPATHY_CHAMPION = {
  title: 'Empathy Champion',
  description: 'Kept an empathy score of 8 or more across seven reflections.',
  icon: 'heart',
  category: 'empathy',
  points: 100,
  achievementType: 'empathy_champion',
} as const;

/** An achievement exactly as GET /api/me/achievements and a save's newAchievements answer it. */
function earned(kind: typeof WEEK_WARRIOR | typeof EMPATHY_CHAMPION, memberId: string, dayEarned: number): Achievement {
  return { id: expect.any(String) as unknown as string, memberId, dayEarned, ...kind };
}

/** The 50 states of the map in the order every map answer lists them: alphabetical, DC not among them. */
const MAP_ORDER = Object.keys(US_STATES).filter((name) => name !== 'District of Columbia');

// ---- the table -----------------------------------------------------------------------------------

/** A known member's address with a pending sign-in e-mail (joined in this case). */
async function withPendingSignIn(w: World): Promise<SignedIn> {
  const member = await w.join();
  await w.requestSignIn(member.email);
  return member;
}

/** The member's view as GET /api/me answers it right after joining with `lastJoin`'s input. */
function freshMemberView(w: World): Member {
  const joined = w.lastJoin!;
  return {
    id: expect.stringMatching(UUID) as unknown as string,
    name: joined.name,
    email: joined.email,
    currentDay: 1,
    ...REMINDER_DEFAULTS,
    peacemakerLevel: 'Explorer',
    levelProgressPoints: POINTS.joinChallenge,
    completed: false,
    levelUp: null,
    afterExperiment: null,
  };
}

const cases: Case[] = [
  // -- public content
  row(api.featuredProducts, 'lists the featured products', () => ({}), { status: 200 }),
  row(api.testimonials, 'lists the testimonials', () => ({}), {
    status: 200,
    then: (list) => list.forEach((t) => expect(t.rating).toBeGreaterThanOrEqual(1)),
  }),

  // -- joining
  row(
    api.joinMovement,
    'joins with name, e-mail and ZIP code, signing this browser in as the new member',
    (w) => ({ json: { name: 'Ada Park', email: w.email(), zipCode: '94110' } }),
    {
      status: 200,
      then: async (body, w, res) => {
        expect(body).toEqual({ joined: true });
        const cookie = memberCookiePair(res.headers);
        expect(cookie).toMatch(new RegExp(`^${MEMBER_SESSION_COOKIE}=[A-Za-z0-9_-]{32,}$`));
        expect(await w.ok(api.me, { cookie })).toMatchObject({ name: 'Ada Park', currentDay: 1 });
      },
    },
  ),
  row(
    api.joinMovement,
    'answers a join with an existing address alike, signing nobody in',
    async (w) => {
      const member = await w.join({ name: 'Ada Park' });
      return { json: { name: 'Someone Else', email: member.email.toUpperCase(), zipCode: '94110' } };
    },
    {
      status: 200,
      then: (body, _w, res) => {
        expect(body).toEqual({ joined: true });
        expect(memberCookieLines(res.headers)).toEqual([]);
      },
    },
  ),
  row(
    api.joinMovement,
    'refuses an empty name',
    (w) => ({ json: { name: '', email: w.email(), zipCode: '94110' } }),
    invalid({ name: true }),
  ),
  row(
    api.joinMovement,
    'refuses a missing name',
    (w) => ({ json: { email: w.email(), zipCode: '94110' } }),
    invalid({ name: true }),
  ),
  row(
    api.joinMovement,
    'refuses an invalid e-mail',
    () => ({ json: { name: 'Ada Park', email: 'ada-at-example', zipCode: '94110' } }),
    invalid({ email: 'Invalid email address' }),
  ),
  row(
    api.joinMovement,
    'refuses a body its schema refuses with the message "Invalid request body" and the field\'s message',
    () => ({ json: { name: 'Ada Park', email: 'ada-at-example', zipCode: '94110' } }),
    {
      status: 400,
      code: 'validation_failed',
      message: VALIDATION_MESSAGES.body,
      exactFields: { email: ['Invalid email address'] },
    },
  ),
  row(
    api.joinMovement,
    'refuses an empty ZIP code',
    (w) => ({ json: { name: 'Ada Park', email: w.email(), zipCode: '' } }),
    invalid({ zipCode: true }),
  ),
  row(api.joinMovement, 'refuses a request without a body', () => ({}), { status: 400, code: 'validation_failed' }),
  row(api.joinMovement, 'refuses malformed JSON', () => ({ raw: '{"name": "Ada", ' }), { status: 400 }),

  row(api.movementStats, 'answers the goal and the total over all states', () => ({}), {
    status: 200,
    then: async (stats, w) => {
      expect(stats.goal).toBe(DEFAULT_MOVEMENT_GOAL);
      expect(stats.total).toBe(totalPeacemakers(await w.ok(api.mapStates)));
    },
  }),
  row(api.mapStates, "lists the states in alphabetical order, and still does after 'Update Map'", () => ({}), {
    status: 200,
    then: async (states, w) => {
      expect(states.map((s) => s.state)).toEqual(MAP_ORDER);
      const recalculated = await w.ok(api.recalculateStates, { cookie: await w.login() });
      expect(recalculated.states.map((s) => s.state)).toEqual(MAP_ORDER);
      expect((await w.ok(api.mapStates)).map((s) => s.state)).toEqual(MAP_ORDER);
    },
  }),
  row(api.mapStates, 'lists all 50 states with their codes', () => ({}), {
    status: 200,
    then: (states) => {
      expect(states).toHaveLength(50);
      for (const s of states) expect(US_STATES[s.state as keyof typeof US_STATES]).toBe(s.stateCode);
    },
  }),

  // -- signing in from another browser
  row(
    api.requestSignIn,
    "e-mails a code and a link to a member's address, whatever its case",
    async (w) => ({ json: { email: (await w.join()).email.toUpperCase() } }),
    {
      status: 200,
      then: (body, _w, res) => {
        expect(body).toStrictEqual({ sent: true, expiresInMinutes: SIGN_IN_MINUTES });
        // Asking signs nobody in.
        expect(memberCookieLines(res.headers)).toEqual([]);
      },
    },
  ),
  row(
    api.requestSignIn,
    'answers 404 for an address nobody joined with',
    (w) => ({ json: { email: w.email('nobody') } }),
    { ...notFound, message: 'Member not found' },
  ),
  row(
    api.requestSignIn,
    'refuses an invalid e-mail',
    () => ({ json: { email: 'ada-at-example' } }),
    invalid({ email: 'Invalid email address' }),
  ),
  row(api.requestSignIn, 'refuses a request without a body', () => ({}), { status: 400, code: 'validation_failed' }),
  row(
    api.requestSignIn,
    'answers 429 to a fourth e-mail for one address within 15 minutes',
    async (w) => {
      const member = await w.join();
      for (let i = 0; i < 3; i += 1) await w.requestSignIn(member.email);
      return { json: { email: member.email } };
    },
    { status: 429, code: 'rate_limited', message: SIGN_IN_MESSAGES.tooManyForAddress },
  ),

  row(
    api.signInWithCode,
    "signs this browser in with the e-mail's code and answers the member",
    async (w) => {
      const member = await withPendingSignIn(w);
      return { json: { email: member.email, code: await w.code(member.email) } };
    },
    {
      status: 200,
      then: async (member, w, res) => {
        expect(member).toStrictEqual(freshMemberView(w));
        const cookie = memberCookiePair(res.headers);
        expect(cookie).toMatch(new RegExp(`^${MEMBER_SESSION_COOKIE}=[A-Za-z0-9_-]{32,}$`));
        expect(await w.ok(api.me, { cookie })).toStrictEqual(member);
      },
    },
  ),
  row(
    api.signInWithCode,
    'refuses a wrong code',
    async (w) => {
      const member = await withPendingSignIn(w);
      return { json: { email: member.email, code: otherCode(await w.code(member.email)) } };
    },
    refusedField('code', SIGN_IN_MESSAGES.wrongCode),
  ),
  row(
    api.signInWithCode,
    'refuses a wrong code with the message "Validation failed"',
    async (w) => {
      const member = await withPendingSignIn(w);
      return { json: { email: member.email, code: otherCode(await w.code(member.email)) } };
    },
    { ...refusedField('code', SIGN_IN_MESSAGES.wrongCode), message: VALIDATION_MESSAGES.rule },
  ),
  row(
    api.signInWithCode,
    'answers "expired" when no code was asked for',
    async (w) => ({ json: { email: (await w.join()).email, code: '123456' } }),
    refusedField('code', SIGN_IN_MESSAGES.codeExpired),
  ),
  row(
    api.signInWithCode,
    'answers "expired" for an address nobody joined with',
    (w) => ({ json: { email: w.email('nobody'), code: '123456' } }),
    refusedField('code', SIGN_IN_MESSAGES.codeExpired),
  ),
  row(
    api.signInWithCode,
    'refuses a code that is not 6 digits',
    async (w) => {
      const member = await withPendingSignIn(w);
      return { json: { email: member.email, code: '12345' } };
    },
    refusedField('code', 'Enter the 6-digit code from the e-mail'),
  ),
  row(api.signInWithCode, 'refuses a request without a body', () => ({}), { status: 400, code: 'validation_failed' }),

  row(
    api.signInWithLink,
    "signs this browser in with the e-mail's one-time link and answers the member",
    async (w) => {
      const member = await withPendingSignIn(w);
      return { json: { token: await w.link(member.email) } };
    },
    {
      status: 200,
      then: async (member, w, res) => {
        expect(member).toStrictEqual(freshMemberView(w));
        const cookie = memberCookiePair(res.headers);
        expect(cookie).toMatch(new RegExp(`^${MEMBER_SESSION_COOKIE}=[A-Za-z0-9_-]{32,}$`));
        expect(await w.ok(api.me, { cookie })).toStrictEqual(member);
      },
    },
  ),
  row(
    api.signInWithLink,
    'answers "expired" for a link it never sent',
    () => ({ json: { token: 'not-a-real-token' } }),
    refusedField('token', SIGN_IN_MESSAGES.linkExpired),
  ),
  row(api.signInWithLink, 'refuses an empty token', () => ({ json: { token: '' } }), invalid({ token: true })),
  row(api.signInWithLink, 'refuses a request without a body', () => ({}), { status: 400, code: 'validation_failed' }),

  // -- the signed-in member
  row(
    api.me,
    "answers the signed-in member: the join's defaults and their own address",
    (w) => w.asMember({}, { name: 'Jamie Fox' }),
    {
      status: 200,
      then: (member, w) => expect(member).toStrictEqual(freshMemberView(w)),
    },
  ),
  row(api.me, 'refuses a request without a session cookie', () => ({}), signInNeeded),
  row(
    api.me,
    'refuses a forged session cookie',
    () => ({ cookie: `${MEMBER_SESSION_COOKIE}=forged-session-forged-session-forged` }),
    signInNeeded,
  ),

  row(api.signOut, 'signs this browser out, clearing the cookie and ending the session', (w) => w.asMember(), {
    status: 200,
    then: async (body, w, res) => {
      expect(body).toStrictEqual({ signedOut: true });
      const lines = memberCookieLines(res.headers);
      expect(lines).toHaveLength(1);
      const attributes = cookieAttributes(lines[0]);
      expect(attributes[0]).toBe(`${MEMBER_SESSION_COOKIE}=`);
      expect(attributes).toContain('max-age=0');
      expect(attributes).toContain('path=/');
    },
  }),
  row(api.signOut, 'refuses a request without a session cookie', () => ({}), signInNeeded),

  ...dashboardCases,
  ...memberListRows(api.reflections, 'reflections'),
  ...memberListRows(api.achievements, 'achievements'),
  ...memberListRows(api.rippleEffects, 'ripple effects'),

  // -- saving a reflection
  row(
    api.saveReflection,
    "saves today's reflection for 2 points, as the session's member's",
    (w) => w.asMember({ json: reflection() }),
    {
      status: 200,
      then: (saved, w) => {
        expect(saved.reflection.memberId).toBe(w.lastMember!.id);
        expect(saved.pointsAwarded).toBe(2);
        expect(saved.newAchievements).toEqual([]);
        expect(saved.reflection).toMatchObject({
          day: 1,
          paused: true,
          mood: 7,
          notes: 'Paused before answering my neighbour.',
        });
        expect(saved.peacemakerLevel).toBe('Explorer');
        expect(saved.levelProgressPoints).toBe(POINTS.joinChallenge + POINTS.dailyReflection);
      },
    },
  ),
  row(
    api.saveReflection,
    'refuses a day after the current day',
    (w) => w.asMember({ json: reflection({ day: 2 }) }),
    invalid({ day: true }),
  ),
  row(
    api.saveReflection,
    'refuses day 7 on day 1 with the message "Validation failed", naming the days open',
    (w) => w.asMember({ json: reflection({ day: 7 }) }),
    {
      status: 400,
      code: 'validation_failed',
      message: VALIDATION_MESSAGES.rule,
      exactFields: { day: ["Day must be between 1 and 1, the member's current day"] },
    },
  ),
  row(api.saveReflection, 'refuses day 0', (w) => w.asMember({ json: reflection({ day: 0 }) }), invalid({ day: true })),
  row(
    api.saveReflection,
    'refuses a mood above 10',
    (w) => w.asMember({ json: reflection({ mood: 11 }) }),
    invalid({ mood: true }),
  ),
  row(
    api.saveReflection,
    'refuses an empathy score below 1',
    (w) => w.asMember({ json: reflection({ empathyScore: 0 }) }),
    invalid({ empathyScore: true }),
  ),
  row(
    api.saveReflection,
    'refuses more than 3 completed exercises',
    (w) => w.asMember({ json: reflection({ completedExercises: 4 }) }),
    invalid({ completedExercises: true }),
  ),
  row(
    api.saveReflection,
    'refuses a date that is not YYYY-MM-DD',
    (w) => w.asMember({ json: reflection({ date: 'yesterday' }) }),
    invalid({ date: true }),
  ),
  row(api.saveReflection, 'refuses a request without a body', (w) => w.asMember(), {
    status: 400,
    code: 'validation_failed',
  }),
  row(
    api.saveReflection,
    'refuses a valid reflection without a session cookie',
    () => ({ json: reflection() }),
    signInNeeded,
  ),

  // -- ripple effects
  row(
    api.recordRippleEffect,
    "records a week's impact for the session's member",
    (w) => w.asMember({ json: rippleEffect() }),
    {
      status: 201,
      then: (effect, w) => {
        expect(effect).toStrictEqual({ id: effect.id, memberId: w.lastMember!.id, ...rippleEffect() });
        expect(effect.id).toMatch(UUID);
      },
    },
  ),
  row(
    api.recordRippleEffect,
    'refuses week 0',
    (w) => w.asMember({ json: rippleEffect({ week: 0 }) }),
    invalid({ week: true }),
  ),
  row(
    api.recordRippleEffect,
    'refuses week 14',
    (w) => w.asMember({ json: rippleEffect({ week: 14 }) }),
    invalid({ week: true }),
  ),
  row(
    api.recordRippleEffect,
    'refuses a negative count',
    (w) => w.asMember({ json: rippleEffect({ conflictsAvoided: -1 }) }),
    invalid({ conflictsAvoided: true }),
  ),
  row(
    api.recordRippleEffect,
    'refuses a valid week without a session cookie',
    () => ({ json: rippleEffect() }),
    signInNeeded,
  ),

  // -- prompts
  row(api.reflectionPrompt, 'answers the prompt of day 1', () => ({ params: { day: 1 } }), {
    status: 200,
    then: (prompt) => {
      expect(prompt.day).toBe(1);
      expect(prompt.title).not.toBe('');
      expect(prompt.prompt).not.toBe('');
    },
  }),
  row(api.reflectionPrompt, 'answers the prompt of the last day', () => ({ params: { day: EXPERIMENT_DAYS } }), {
    status: 200,
    then: (prompt) => expect(prompt.day).toBe(EXPERIMENT_DAYS),
  }),
  row(api.reflectionPrompt, 'answers 404 for day 0', () => ({ params: { day: 0 } }), notFound),
  row(api.reflectionPrompt, 'answers 404 for day 91', () => ({ params: { day: EXPERIMENT_DAYS + 1 } }), notFound),
  row(
    api.reflectionPrompt,
    'refuses a day that is not a number',
    () => ({ params: { day: 'first' } }),
    invalid({ day: true }),
  ),
  row(
    api.reflectionPrompt,
    'refuses a path its schema refuses with the message "Invalid path"',
    () => ({ params: { day: 'first' } }),
    {
      ...invalid({ day: true }),
      message: VALIDATION_MESSAGES.path,
    },
  ),
  row(api.reflectionPrompt, 'refuses a fractional day', () => ({ params: { day: '1.5' } }), invalid({ day: true })),

  // -- e-mail settings
  row(
    api.updateEmailSettings,
    'saves the e-mail settings and answers them',
    (w) =>
      w.asMember({
        json: { emailReminders: false, reminderTime: '18:00', timezone: 'America/Chicago' },
      }),
    {
      status: 200,
      then: (settings) =>
        expect(settings).toEqual({ emailReminders: false, reminderTime: '18:00', timezone: 'America/Chicago' }),
    },
  ),
  row(
    api.updateEmailSettings,
    'refuses a reminder time outside 06:00-21:00',
    (w) =>
      w.asMember({
        json: { ...REMINDER_DEFAULTS, reminderTime: '05:00' },
      }),
    invalid({ reminderTime: 'Choose a time between 06:00 and 21:00' }),
  ),
  row(
    api.updateEmailSettings,
    'refuses a time zone that is not offered',
    (w) =>
      w.asMember({
        json: { ...REMINDER_DEFAULTS, timezone: 'Mars/Olympus_Mons' },
      }),
    invalid({ timezone: 'Choose one of the listed time zones' }),
  ),
  row(
    api.updateEmailSettings,
    'refuses a reminders flag that is not a boolean',
    (w) =>
      w.asMember({
        json: { ...REMINDER_DEFAULTS, emailReminders: 'yes' },
      }),
    invalid({ emailReminders: true }),
  ),
  row(
    api.updateEmailSettings,
    'refuses valid settings without a session cookie',
    () => ({ json: REMINDER_DEFAULTS }),
    signInNeeded,
  ),

  // -- unsubscribe (the valid-token case is a flow below: the token only travels by e-mail)
  row(api.unsubscribe, 'refuses a request without a token', () => ({ json: {} }), invalid({ token: true })),
  row(api.unsubscribe, 'refuses a token it never issued', () => ({ json: { token: 'not-a-real-token' } }), {
    status: 400,
  }),
  // -- admin sign-in
  row(api.adminLoginInfo, 'shows the demo credentials while the demo password is unchanged', () => ({}), {
    status: 200,
    then: (info) => expect(info.demoCredentials).toEqual({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  }),
  row(
    api.adminLogin,
    'signs the demo admin in with an HttpOnly session cookie',
    () => ({ json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } }),
    {
      status: 200,
      then: (body) => expect(body.admin).toEqual({ name: DEMO_ADMIN.name, email: DEMO_ADMIN.email }),
    },
  ),
  row(
    api.adminLogin,
    'refuses a wrong password',
    () => ({ json: { email: DEMO_ADMIN.email, password: 'not-the-password' } }),
    {
      status: 401,
      code: 'unauthenticated',
      message: 'Invalid credentials',
    },
  ),
  row(
    api.adminLogin,
    'refuses an unknown admin e-mail',
    () => ({ json: { email: 'someone@example.org', password: DEMO_ADMIN.password } }),
    {
      status: 401,
      code: 'unauthenticated',
      message: 'Invalid credentials',
    },
  ),
  row(
    api.adminLogin,
    'refuses an invalid e-mail',
    () => ({ json: { email: 'admin', password: DEMO_ADMIN.password } }),
    invalid({ email: 'Invalid email address' }),
  ),
  row(
    api.adminLogin,
    'refuses a password under 6 characters',
    () => ({ json: { email: DEMO_ADMIN.email, password: 'peace' } }),
    invalid({ password: 'Password must be at least 6 characters' }),
  ),
  row(api.adminLogin, 'refuses a request without a body', () => ({}), { status: 400, code: 'validation_failed' }),

  row(api.adminSession, 'answers the signed-in admin', (w) => asAdmin(w), {
    status: 200,
    then: (session) => expect(session.admin.email).toBe(DEMO_ADMIN.email),
  }),
  row(api.adminSession, 'refuses a forged session cookie', () => ({ cookie: 'prr_admin=forged-session' }), {
    status: 401,
    code: 'unauthenticated',
  }),
  row(api.adminLogout, 'signs the admin out', (w) => asAdmin(w), {
    status: 200,
    then: (body) => expect(body).toEqual({ loggedOut: true }),
  }),

  // -- admin data
  row(api.adminStats, 'counts members, the map total and the states with peacemakers', (w) => asAdmin(w), {
    status: 200,
    then: async (stats, w) => {
      const states = await w.ok(api.mapStates);
      expect(stats.totalParticipation).toBe(totalPeacemakers(states));
      expect(stats.stateCount).toBe(states.filter((s) => s.peacemakers >= 1).length);
    },
  }),
  row(
    api.adminMembers,
    'lists the members, a new one included',
    async (w) => {
      await w.join({ name: 'Morgan Hale' });
      return asAdmin(w);
    },
    {
      status: 200,
      then: (page) => expect(page.items.map((m) => m.name)).toContain('Morgan Hale'),
    },
  ),
  row(
    api.addParticipant,
    'adds a participant, turning a state code into its name',
    async (w) => asAdmin(w, { json: participant(w.email('riley')) }),
    {
      status: 201,
      then: (added) =>
        expect(added).toMatchObject({ name: 'Riley Chen', state: 'Wyoming', zipCode: '82001', isActive: true }),
    },
  ),
  row(
    api.addParticipant,
    'accepts a full state name in any case',
    async (w) => asAdmin(w, { json: { ...participant(w.email()), state: 'new mexico' } }),
    {
      status: 201,
      then: (added) => expect(added.state).toBe('New Mexico'),
    },
  ),
  row(
    api.addParticipant,
    'refuses a one-letter name',
    async (w) => asAdmin(w, { json: { ...participant(w.email()), name: 'R' } }),
    invalid({ name: 'Name must be at least 2 characters' }),
  ),
  row(
    api.addParticipant,
    'refuses an invalid e-mail',
    async (w) => asAdmin(w, { json: participant('riley-at-example') }),
    invalid({ email: 'Invalid email address' }),
  ),
  row(
    api.addParticipant,
    'refuses an empty state',
    async (w) => asAdmin(w, { json: { ...participant(w.email()), state: '' } }),
    invalid({ state: 'State is required' }),
  ),
  row(
    api.addParticipant,
    'refuses a state that does not exist',
    async (w) => asAdmin(w, { json: { ...participant(w.email()), state: 'Atlantis' } }),
    invalid({ state: true }),
  ),
  row(
    api.addParticipant,
    'refuses a state that does not exist with the message "Validation failed" and what to enter',
    async (w) => asAdmin(w, { json: { ...participant(w.email()), state: 'Atlantis' } }),
    {
      status: 400,
      code: 'validation_failed',
      message: VALIDATION_MESSAGES.rule,
      exactFields: { state: ['Enter a US state name or its two-letter code'] },
    },
  ),
  row(
    api.addParticipant,
    'refuses a ZIP code under 5 characters',
    async (w) => asAdmin(w, { json: { ...participant(w.email()), zipCode: '820' } }),
    invalid({ zipCode: 'Zip code must be at least 5 characters' }),
  ),
  row(
    api.addParticipant,
    'names every bad field at once',
    async (w) => asAdmin(w, { json: { name: 'R', email: 'x', state: '', zipCode: '1' } }),
    invalid({
      name: 'Name must be at least 2 characters',
      email: 'Invalid email address',
      state: 'State is required',
      zipCode: 'Zip code must be at least 5 characters',
    }),
  ),
  row(
    api.addParticipant,
    'refuses the e-mail of an existing member, whatever its case',
    async (w) => {
      const member = await w.join();
      return asAdmin(w, { json: participant(member.email.toUpperCase()) });
    },
    { status: 409, code: 'conflict' },
  ),
  row(
    api.addParticipant,
    "refuses a member's e-mail in another case with the e-mail field's message",
    async (w) => {
      const member = await w.join({ email: w.email('Taken.Address') });
      return asAdmin(w, { json: participant(member.email.toLowerCase()) });
    },
    { status: 409, code: 'conflict', message: PARTICIPANT_EXISTS, exactFields: { email: [PARTICIPANT_EXISTS] } },
  ),
  row(
    api.addParticipant,
    'refuses a second participant whose e-mail differs only in case, on the e-mail field',
    async (w) => {
      const email = w.email('added');
      const cookie = await w.login();
      await w.ok(api.addParticipant, { cookie, json: participant(email) });
      return { cookie, json: participant(email.toUpperCase()) };
    },
    { status: 409, code: 'conflict', message: PARTICIPANT_EXISTS, exactFields: { email: [PARTICIPANT_EXISTS] } },
  ),
  row(api.recalculateStates, "sets every state's count to its active members", (w) => asAdmin(w), {
    status: 200,
    then: async (result, w) => {
      expect(result.states).toHaveLength(50);
      const members = await allMembers(w, await w.login());
      for (const record of result.states) expect(record.peacemakers).toBe(activeIn(members, record.state));
      expect(result.stats.totalParticipation).toBe(totalPeacemakers(result.states));
      expect(result.stats.stateCount).toBe(result.states.filter((s) => s.peacemakers >= 1).length);
    },
  }),
  // The admin's participants: the paged list, edits, the map update's preview and undo, the password.
  ...adminParticipantCases,
  // The admin's actions: the Activity page's list and CSV.
  ...adminActivityCases,
  // The admin's second factor: enrolment, TOTP, recovery codes and passkeys.
  ...adminSecondFactorCases,
  // Invite links, the member's own data (export, deletion), and the other promises to a member.
  ...inviteCases,
  ...levelUpCases,
  ...memberDataCases,
  ...memberPromiseCases,
  // E-mail keys (single use, checked before use) and signing out everywhere.
  ...memberKeyCases,
  // Shared stories: the member's share, the admin's review, the home page's reviews.
  ...storyCases,
  // Typed text: names refuse web addresses, every text refuses control and bidi characters.
  ...typedTextCases,
  ...insightCases,
];

/** The three member lists answer the same way: empty for a new member, 401 without a session. */
function memberListRows(
  route: typeof api.reflections | typeof api.achievements | typeof api.rippleEffects,
  what: string,
): Case[] {
  return [
    row(route, `answers no ${what} for a new member`, (w) => w.asMember(), {
      status: 200,
      then: (list) => expect(list).toEqual([]),
    }),
    row(route, 'refuses a request without a session cookie', () => ({}), signInNeeded),
  ];
}

function activeIn(members: readonly AdminMember[], state: string): number {
  return members.filter((m) => m.isActive && m.state === state).length;
}

// ---- stored effects, observable over HTTP ----------------------------------------------------------

async function adminStats(w: World, cookie: string): Promise<AdminStats> {
  return w.ok(api.adminStats, { cookie });
}
/** Expects the member routes' 401 for this request. */
async function expectSignInNeeded(w: World, route: AnyRoute, req: Req): Promise<void> {
  const res = await w.call(route, req);
  expect(res.status, `${route.method} ${route.path} answered ${JSON.stringify(res.body)}`).toBe(401);
  expect(ApiErrorBody.parse(res.body)).toStrictEqual({
    error: { code: 'unauthenticated', message: SIGN_IN_MESSAGES.signInNeeded },
  });
}

const flows: Flow[] = [
  {
    title: 'joining twice with a differently cased e-mail stores one member, and only the first join signs in',
    async run(w) {
      const cookie = await w.login();
      const before = await adminStats(w, cookie);
      const email = w.email('twice');
      const first = await w.join({ name: 'Sam Lee', email, zipCode: '60614' });
      const again = await w.call(api.joinMovement, {
        json: { name: 'Samuel Lee', email: email.toUpperCase(), zipCode: '60614' },
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ joined: true });
      expect(memberCookieLines(again.headers)).toEqual([]);
      expect((await adminStats(w, cookie)).totalMembers).toBe(before.totalMembers + 1);
      // The member is unchanged by the second join.
      const { cookie: _cookie, ...view } = first;
      expect(view.name).toBe('Sam Lee');
      expect(await w.ok(api.me, { cookie: first.cookie })).toStrictEqual(view);
    },
  },
  {
    title: 'joining derives the state from the ZIP code, and an unknown prefix still joins',
    async run(w) {
      const known = await w.join({ name: 'Nia Brooks', zipCode: '10001' });
      const unknown = await w.join({ name: 'Omar Haddad', zipCode: '00000' });
      const members = await allMembers(w, await w.login());
      expect(members.find((m) => m.id === known.id)?.state).toBe('New York');
      expect(members.find((m) => m.id === unknown.id)?.state).toBe('');
    },
  },
  {
    title: 'a saved reflection is listed and adds 2 points once; saving the day again updates it',
    async run(w) {
      const member = await w.join();
      const cookie = member.cookie;
      const first = await w.ok(api.saveReflection, { cookie, json: reflection() });
      const again = await w.ok(api.saveReflection, {
        cookie,
        json: reflection({ notes: 'Second thoughts.', mood: 9 }),
      });
      expect(first.pointsAwarded).toBe(2);
      expect(again.pointsAwarded).toBe(0);
      expect(again.reflection.id).toBe(first.reflection.id);
      const list = await w.ok(api.reflections, { cookie });
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id: first.reflection.id,
        memberId: member.id,
        notes: 'Second thoughts.',
        mood: 9,
      });
      const after = await w.ok(api.me, { cookie });
      expect(after.levelProgressPoints).toBe(member.levelProgressPoints + 2);
      expect(after.levelProgressPoints).toBe(again.levelProgressPoints);
    },
  },
  {
    title: "changed e-mail settings show in the member's own view",
    async run(w) {
      const member = await w.join();
      const settings = { emailReminders: true, reminderTime: '07:00', timezone: 'Europe/London' } as const;
      await w.ok(api.updateEmailSettings, { cookie: member.cookie, json: settings });
      expect(await w.ok(api.me, { cookie: member.cookie })).toMatchObject(settings);
    },
  },
  {
    title: "each session sees its own member's data only",
    async run(w) {
      const ann = await w.join({ name: 'Ann Lee' });
      const ben = await w.join({ name: 'Ben Cho' });
      const saved = await w.ok(api.saveReflection, { cookie: ann.cookie, json: reflection() });
      const effect = await w.ok(api.recordRippleEffect, { cookie: ann.cookie, json: rippleEffect({ week: 1 }) });
      await w.ok(api.updateEmailSettings, {
        cookie: ann.cookie,
        json: { emailReminders: false, reminderTime: '18:00', timezone: 'America/Chicago' },
      });

      expect(await w.ok(api.reflections, { cookie: ann.cookie })).toEqual([saved.reflection]);
      expect(await w.ok(api.rippleEffects, { cookie: ann.cookie })).toEqual([effect]);
      expect(await w.ok(api.reflections, { cookie: ben.cookie })).toEqual([]);
      expect(await w.ok(api.rippleEffects, { cookie: ben.cookie })).toEqual([]);
      expect(await w.ok(api.achievements, { cookie: ben.cookie })).toEqual([]);
      const { cookie: _ben, ...benView } = ben;
      expect(await w.ok(api.me, { cookie: ben.cookie })).toStrictEqual(benView);
    },
  },
  {
    title: "a memberId in a body is ignored: the session's member is the one written",
    async run(w) {
      const ann = await w.join({ name: 'Ann Lee' });
      const mallory = await w.join({ name: 'Mallory' });
      const saved = await w.ok(api.saveReflection, {
        cookie: mallory.cookie,
        json: { ...reflection(), memberId: ann.id },
      });
      expect(saved.reflection.memberId).toBe(mallory.id);
      const effect = await w.ok(api.recordRippleEffect, {
        cookie: mallory.cookie,
        json: { ...rippleEffect(), memberId: ann.id },
      });
      expect(effect.memberId).toBe(mallory.id);
      await w.ok(api.updateEmailSettings, {
        cookie: mallory.cookie,
        json: { emailReminders: false, reminderTime: '18:00', timezone: 'America/Chicago', memberId: ann.id },
      });

      expect(await w.ok(api.reflections, { cookie: ann.cookie })).toEqual([]);
      expect(await w.ok(api.rippleEffects, { cookie: ann.cookie })).toEqual([]);
      expect(await w.ok(api.me, { cookie: ann.cookie })).toMatchObject({
        ...REMINDER_DEFAULTS,
        levelProgressPoints: POINTS.joinChallenge,
      });
      expect(await w.ok(api.reflections, { cookie: mallory.cookie })).toEqual([saved.reflection]);
    },
  },
  {
    title:
      "signing in by code in another browser opens the same member; the first proof ends the join's session; signing out ends only that browser",
    async run(w) {
      const member = await w.join();
      const { cookie: joinCookie, ...view } = member;
      const firstProof = await w.signInByCode(member.email.toUpperCase());
      expect(firstProof).not.toBe(joinCookie);
      expect(await w.ok(api.me, { cookie: firstProof })).toStrictEqual(view);
      // A stranger may have joined with this address: the session from before the proof ends.
      await expectSignInNeeded(w, api.me, { cookie: joinCookie });

      const secondBrowser = await w.signInByCode(member.email);
      expect(await w.ok(api.signOut, { cookie: secondBrowser })).toStrictEqual({ signedOut: true });
      await expectSignInNeeded(w, api.me, { cookie: secondBrowser });
      expect(await w.ok(api.me, { cookie: firstProof })).toStrictEqual(view);
    },
  },
  {
    title: 'after sign-out the old member cookie opens no member route',
    async run(w) {
      const member = await w.join();
      expect(await w.ok(api.signOut, { cookie: member.cookie })).toStrictEqual({ signedOut: true });
      await expectSignInNeeded(w, api.me, { cookie: member.cookie });
      for (const route of memberRoutes())
        await expectSignInNeeded(w, route, { cookie: member.cookie, json: validBody(route) });
    },
  },
  {
    title: 'a sign-in code works once, and the link of the same e-mail goes with it',
    async run(w) {
      const member = await withPendingSignIn(w);
      const code = await w.code(member.email);
      const link = await w.link(member.email);
      await w.ok(api.signInWithCode, { json: { email: member.email, code } });
      await expectRefused(
        w,
        api.signInWithCode,
        { json: { email: member.email, code } },
        { code: [SIGN_IN_MESSAGES.codeExpired] },
      );
      await expectRefused(w, api.signInWithLink, { json: { token: link } }, { token: [SIGN_IN_MESSAGES.linkExpired] });
    },
  },
  {
    title: 'a one-time link works once, and the code of the same e-mail goes with it',
    async run(w) {
      const member = await withPendingSignIn(w);
      const code = await w.code(member.email);
      const link = await w.link(member.email);
      await w.ok(api.signInWithLink, { json: { token: link } });
      await expectRefused(w, api.signInWithLink, { json: { token: link } }, { token: [SIGN_IN_MESSAGES.linkExpired] });
      await expectRefused(
        w,
        api.signInWithCode,
        { json: { email: member.email, code } },
        { code: [SIGN_IN_MESSAGES.codeExpired] },
      );
    },
  },
  {
    title: 'a new sign-in e-mail replaces the earlier one: the earlier link no longer signs in',
    async run(w) {
      const member = await withPendingSignIn(w);
      const earlier = await w.link(member.email);
      await w.requestSignIn(member.email);
      const later = await w.link(member.email);
      expect(later).not.toBe(earlier);
      await expectRefused(
        w,
        api.signInWithLink,
        { json: { token: earlier } },
        { token: [SIGN_IN_MESSAGES.linkExpired] },
      );
      await w.ok(api.signInWithLink, { json: { token: later } });
    },
  },
  {
    title: `${SIGN_IN_MAX_WRONG_CODES} wrong codes void the sign-in: the last answers "expired", and then so does the right code`,
    async run(w) {
      expect(SIGN_IN_MAX_WRONG_CODES).toBe(5);
      const member = await withPendingSignIn(w);
      const code = await w.code(member.email);
      const link = await w.link(member.email);
      const wrong = { json: { email: member.email, code: otherCode(code) } };
      for (let i = 1; i < SIGN_IN_MAX_WRONG_CODES; i += 1) {
        await expectRefused(w, api.signInWithCode, wrong, { code: [SIGN_IN_MESSAGES.wrongCode] });
      }
      await expectRefused(w, api.signInWithCode, wrong, { code: [SIGN_IN_MESSAGES.codeExpired] });
      await expectRefused(
        w,
        api.signInWithCode,
        { json: { email: member.email, code } },
        { code: [SIGN_IN_MESSAGES.codeExpired] },
      );
      await expectRefused(w, api.signInWithLink, { json: { token: link } }, { token: [SIGN_IN_MESSAGES.linkExpired] });
      // A new e-mail starts afresh.
      await w.requestSignIn(member.email);
      await w.ok(api.signInWithCode, { json: { email: member.email, code: await w.code(member.email) } });
    },
  },
  {
    title: "a wrong code for one member leaves another member's pending sign-in alone",
    async run(w) {
      const ann = await withPendingSignIn(w);
      const ben = await withPendingSignIn(w);
      const annsCode = await w.code(ann.email);
      const bensCode = await w.code(ben.email);
      for (let i = 0; i < SIGN_IN_MAX_WRONG_CODES; i += 1) {
        await w.call(api.signInWithCode, { json: { email: ben.email, code: otherCode(bensCode) } });
      }
      const res = await w.call(api.signInWithCode, { json: { email: ann.email, code: annsCode } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(api.signInWithCode.response.parse(res.body).id).toBe(ann.id);
    },
  },
  {
    title: 'a join with an existing address sets no cookie and signs nobody in; that member signs in by e-mail',
    async run(w) {
      const cookie = await w.login();
      const email = w.email('added');
      const added = await w.ok(api.addParticipant, { cookie, json: participant(email) });
      const before = await adminStats(w, cookie);
      const res = await w.call(api.joinMovement, {
        json: { name: 'Mallory', email: email.toUpperCase(), zipCode: '10001' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ joined: true });
      expect(memberCookieLines(res.headers)).toEqual([]);
      expect((await adminStats(w, cookie)).totalMembers).toBe(before.totalMembers);
      // No cookie was set in this case, so this browser has no member session at all.
      await expectSignInNeeded(w, api.me, {});

      const signedIn = await w.signInByCode(email);
      expect(await w.ok(api.me, { cookie: signedIn })).toMatchObject({ id: added.id, name: 'Riley Chen', email });
    },
  },
  {
    title: 'a recorded ripple effect is listed for its member only',
    async run(w) {
      const member = await w.join();
      const other = await w.join();
      const effect = await w.ok(api.recordRippleEffect, { cookie: member.cookie, json: rippleEffect({ week: 1 }) });
      expect(await w.ok(api.rippleEffects, { cookie: member.cookie })).toEqual([effect]);
      expect(await w.ok(api.rippleEffects, { cookie: other.cookie })).toEqual([]);
    },
  },
  {
    title: "a participant added by the admin counts on the map after 'Update Map'",
    async run(w) {
      const cookie = await w.login();
      const added = await w.ok(api.addParticipant, { cookie, json: participant(w.email('wyoming')) });
      const result = await w.ok(api.recalculateStates, { cookie });
      const members = await allMembers(w, cookie);
      const wyoming = result.states.find((s: StateParticipation) => s.state === 'Wyoming');
      expect(wyoming?.peacemakers).toBe(activeIn(members, 'Wyoming'));
      expect(wyoming?.peacemakers).toBeGreaterThanOrEqual(1);
      expect(members.map((m) => m.id)).toContain(added.id);
      expect(await w.ok(api.mapStates)).toEqual(result.states);
      expect((await w.ok(api.movementStats)).total).toBe(totalPeacemakers(result.states));
      expect(await adminStats(w, cookie)).toEqual(result.stats);
    },
  },
  {
    title: 'after logout the old session cookie opens no admin route',
    async run(w) {
      const cookie = await w.login();
      await w.ok(api.adminLogout, { cookie });
      for (const route of adminRoutes()) {
        const res = await w.call(route, { cookie, params: anyParams(route) });
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
      }
    },
  },
  {
    title: 'a valid unsubscribe token turns reminders off',
    async run(w) {
      const unsubscribeToken = w.target.unsubscribeToken;
      if (!unsubscribeToken) return w.skip();
      const member = await w.join();
      const token = await unsubscribeToken(member.id);
      expect(await w.ok(api.unsubscribe, { json: { token } })).toEqual({ emailReminders: false });
      expect((await w.ok(api.me, { cookie: member.cookie })).emailReminders).toBe(false);
    },
  },
  {
    title: 'an unsubscribe token is not a sign-in link',
    async run(w) {
      const unsubscribeToken = w.target.unsubscribeToken;
      if (!unsubscribeToken) return w.skip();
      const member = await w.join();
      const token = await unsubscribeToken(member.id);
      await expectRefused(w, api.signInWithLink, { json: { token } }, { token: [SIGN_IN_MESSAGES.linkExpired] });
    },
  },
  {
    title: 'an unknown /api path answers 404 in the error shape',
    async run(w) {
      const res = await send(w.target.baseUrl, 'GET', '/api/no-such-route');
      expect(res.status).toBe(404);
      expect(ApiErrorBody.parse(res.body).error.code).toBe('not_found');
    },
  },
  {
    title:
      'an address is one member in any case: kept as first typed (trimmed), shown so to the member and the admin, and signing in in any case',
    async run(w) {
      const cookie = await w.login();
      const before = await adminStats(w, cookie);
      const typed = w.email('Mixed.Case').replace(/@example\.org$/, '@Example.org');
      const member = await w.join({ name: 'Mixed Case', email: `  ${typed} ` });
      const again = await w.call(api.joinMovement, {
        json: { name: 'Someone Else', email: `${typed.toLowerCase()} `, zipCode: '60614' },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toEqual({ joined: true });
      expect(memberCookieLines(again.headers)).toEqual([]);
      expect((await adminStats(w, cookie)).totalMembers).toBe(before.totalMembers + 1);

      expect(member.email).toBe(typed);
      expect((await w.ok(api.me, { cookie: member.cookie })).email).toBe(typed);
      const listed = (await allMembers(w, cookie)).filter((m) => m.email.toLowerCase() === typed.toLowerCase());
      expect(listed).toStrictEqual([
        expect.objectContaining({ id: member.id, name: 'Mixed Case', email: typed, zipCode: '10001' }),
      ]);

      // Asked for in capitals, the code entered with the address in lower case.
      await w.requestSignIn(typed.toUpperCase());
      const res = await w.call(api.signInWithCode, { json: { email: typed.toLowerCase(), code: await w.code(typed) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(api.signInWithCode.response.parse(res.body)).toMatchObject({ id: member.id, email: typed });
    },
  },
  {
    title:
      "joining takes the state from the ZIP code's 3-digit prefix as the USPS table assigns it, at state borders too; an unknown prefix or fewer than 5 leading digits leave it empty",
    async run(w) {
      const zipOf = new Map<string, string>();
      for (const zipCode of Object.keys(ZIP_STATES))
        zipOf.set((await w.join({ name: `Zip ${zipCode}`, zipCode })).id, zipCode);
      const members = await allMembers(w, await w.login());
      const states = Object.fromEntries(members.filter((m) => zipOf.has(m.id)).map((m) => [zipOf.get(m.id), m.state]));
      expect(states).toStrictEqual(ZIP_STATES);
    },
  },
  {
    title: 'the admin lists members newest first',
    async run(w) {
      const joined: string[] = [];
      for (const name of ['First Joiner', 'Second Joiner', 'Third Joiner']) joined.push((await w.join({ name })).id);
      const cookie = await w.login();
      joined.push((await w.ok(api.addParticipant, { cookie, json: participant(w.email('fourth')) })).id);
      const list = (await w.ok(api.adminMembers, { cookie })).items;
      expect(list.filter((m) => joined.includes(m.id)).map((m) => m.id)).toEqual([...joined].reverse());
      const joinedAt = list.map((m) => Date.parse(m.joinedAt));
      expect(joinedAt).toEqual([...joinedAt].sort((a, b) => b - a));
    },
  },
  {
    title: 'ripple effects are listed newest week first, whatever order the weeks were recorded in',
    async run(w) {
      const member = await w.join();
      const record = (week: number, notes: string) =>
        w.ok(api.recordRippleEffect, { cookie: member.cookie, json: rippleEffect({ week, notes }) });
      const week1 = await record(1, 'Week 1.');
      const week3 = await record(3, 'Week 3.');
      const week2 = await record(2, 'Week 2.');
      const list = await w.ok(api.rippleEffects, { cookie: member.cookie });
      expect(list).toStrictEqual([week3, week2, week1]);
    },
  },
  {
    title: `the fourth sign-in e-mail to one address within ${SIGN_IN_EMAILS_WINDOW_MINUTES} minutes answers 429 with Retry-After in whole seconds`,
    async run(w) {
      const member = await w.join();
      for (let i = 0; i < 3; i += 1) await w.requestSignIn(member.email);
      const res = await w.call(api.requestSignIn, { json: { email: member.email } });
      expect(res.status, JSON.stringify(res.body)).toBe(429);
      expect(ApiErrorBody.parse(res.body)).toStrictEqual({
        error: { code: 'rate_limited', message: SIGN_IN_MESSAGES.tooManyForAddress },
      });
      const retryAfter = res.headers.get('Retry-After');
      expect(retryAfter, 'a Retry-After header').not.toBeNull();
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(SIGN_IN_EMAILS_WINDOW_MINUTES * 60);
    },
  },
];

/**
 * The state a join derives from each ZIP code, as the USPS prefix table assigns it: prefixes at the
 * edges of states (201 is Virginia though 200 and 202-205 are DC, 733 is Texas among Oklahoma's,
 * 885 is Texas after New Mexico's, 005 is New York), the ends of the table (Hawaii, Alaska), and
 * what leaves the state empty: a prefix no state has (unused, Puerto Rico, military mail) and a
 * code without 5 leading digits.
 */
const ZIP_STATES: Record<string, string> = {
  '00501': 'New York',
  '20001': 'District of Columbia',
  '20101': 'Virginia',
  '20599': 'District of Columbia',
  '20601': 'Maryland',
  '56901': 'District of Columbia',
  '73101': 'Oklahoma',
  '73301': 'Texas',
  '87901': 'New Mexico',
  '88501': 'Texas',
  '96701': 'Hawaii',
  '96801': 'Hawaii',
  '99501': 'Alaska',
  '99950': 'Alaska',
  '20001-1234': 'District of Columbia',
  '00000': '',
  '21301': '',
  '34001': '',
  '00601': '',
  '1234': '',
  '967': '',
  '2010A': '',
};

// ---- days passing: cases that move the target's clock ----------------------------------------------

const DAY_MS = 86_400_000;

/** A date for the reflection of `day`: the calendar moved on with the days (the day number rules). */
const dateOfDay = (day: number): string => new Date(Date.now() + (day - 1) * DAY_MS).toISOString().slice(0, 10);

/**
 * A member going through the experiment day by day on the target's clock. Their time zone is set
 * to Tokyo, which keeps no daylight saving time, so each day the clock moves is exactly one of
 * their calendar days (in New York a 24-hour step across a clock change could stay on the same
 * date).
 */
class Journey {
  /** The member's current day, as far as the case has moved the clock. */
  day = 1;

  private constructor(
    private readonly w: World,
    readonly member: SignedIn,
  ) {}

  /** Joins a new member; skips the case on a target whose clock cannot be moved. */
  static async start(w: World): Promise<Journey> {
    w.needsClock();
    const member = await w.join();
    await w.ok(api.updateEmailSettings, {
      cookie: member.cookie,
      json: { ...REMINDER_DEFAULTS, timezone: 'Asia/Tokyo' },
    });
    return new Journey(w, member);
  }

  /** Moves the clock on until it is `day` for the member, as GET /api/me confirms. */
  async goTo(day: number): Promise<void> {
    expect(day, 'the clock only moves on').toBeGreaterThanOrEqual(this.day);
    if (day > this.day) await this.w.advanceClock(day - this.day);
    this.day = day;
    expect((await this.me()).currentDay).toBe(day);
  }

  /** Saves the reflection of `day`, moving on to that day first if it is ahead. */
  async save(day: number, overrides: Partial<ReflectionRequest> = {}): Promise<ReflectionSaved> {
    if (day > this.day) await this.goTo(day);
    return this.w.ok(api.saveReflection, {
      cookie: this.member.cookie,
      json: reflection({ day, date: dateOfDay(day), ...overrides }),
    });
  }

  /** Saves each of `days` in turn, each the day's first save: 2 points and no achievement. */
  async saveEarningNothing(
    days: readonly number[],
    overrides: (day: number) => Partial<ReflectionRequest> = () => ({}),
  ): Promise<void> {
    for (const day of days) {
      const saved = await this.save(day, overrides(day));
      expect(saved.newAchievements, `day ${day}'s save`).toEqual([]);
      expect(saved.pointsAwarded, `day ${day}'s save`).toBe(2);
    }
  }

  me() {
    return this.w.ok(api.me, { cookie: this.member.cookie });
  }

  achievements() {
    return this.w.ok(api.achievements, { cookie: this.member.cookie });
  }

  /** The save's standing and GET /api/me both show `points` and their level. */
  async expectPoints(saved: ReflectionSaved, points: number): Promise<void> {
    const standing = { peacemakerLevel: levelForPoints(points), levelProgressPoints: points };
    expect({ peacemakerLevel: saved.peacemakerLevel, levelProgressPoints: saved.levelProgressPoints }).toStrictEqual(
      standing,
    );
    expect(await this.me()).toMatchObject(standing);
  }
}

const days = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** Below Empathy Champion's 8, so only Week Warrior is in play. */
const lowEmpathy = { empathyScore: 5 };

const dayFlows: Flow[] = [
  {
    title:
      "seven paused days in a row earn Week Warrior: in the save's newAchievements with its 50 points, then listed alike",
    async run(w) {
      const j = await Journey.start(w);
      await j.saveEarningNothing(days(1, 6), () => lowEmpathy);
      const saved = await j.save(7, lowEmpathy);
      expect(saved.newAchievements).toStrictEqual([earned(WEEK_WARRIOR, j.member.id, 7)]);
      expect(saved.pointsAwarded).toBe(2 + 50);
      await j.expectPoints(saved, POINTS.joinChallenge + 7 * 2 + 50);
      expect(await j.achievements()).toStrictEqual(saved.newAchievements);
    },
  },
  {
    title: 'Week Warrior is awarded once: a further paused day and a re-saved day award nothing',
    async run(w) {
      const j = await Journey.start(w);
      await j.saveEarningNothing(days(1, 6), () => lowEmpathy);
      const warrior = (await j.save(7, lowEmpathy)).newAchievements;
      expect(warrior).toStrictEqual([earned(WEEK_WARRIOR, j.member.id, 7)]);
      await j.saveEarningNothing([8], () => lowEmpathy);
      const again = await j.save(7, { ...lowEmpathy, notes: 'Saved again.' });
      expect(again.newAchievements).toEqual([]);
      expect(again.pointsAwarded).toBe(0);
      await j.expectPoints(again, POINTS.joinChallenge + 8 * 2 + 50);
      expect(await j.achievements()).toStrictEqual(warrior);
    },
  },
  {
    title:
      "seven reflections with an empathy score of 8 or more earn Empathy Champion: in the save's newAchievements with its 100 points, then listed alike",
    async run(w) {
      const j = await Journey.start(w);
      // Day 4 not paused: no Week Warrior alongside.
      await j.saveEarningNothing(days(1, 6), (day) => ({ empathyScore: 8, paused: day !== 4 }));
      const saved = await j.save(7, { empathyScore: 8 });
      expect(saved.newAchievements).toStrictEqual([earned(EMPATHY_CHAMPION, j.member.id, 7)]);
      expect(saved.pointsAwarded).toBe(2 + 100);
      await j.expectPoints(saved, POINTS.joinChallenge + 7 * 2 + 100);
      expect(await j.achievements()).toStrictEqual(saved.newAchievements);
    },
  },
  {
    title: 'Empathy Champion is awarded once: a further qualifying day and a re-saved day award nothing',
    async run(w) {
      const j = await Journey.start(w);
      await j.saveEarningNothing(days(1, 6), (day) => ({ empathyScore: 9, paused: day !== 4 }));
      const champion = (await j.save(7, { empathyScore: 9 })).newAchievements;
      expect(champion).toStrictEqual([earned(EMPATHY_CHAMPION, j.member.id, 7)]);
      await j.saveEarningNothing([8], () => ({ empathyScore: 10 }));
      const again = await j.save(8, { empathyScore: 10, notes: 'Saved again.' });
      expect(again.newAchievements).toEqual([]);
      expect(again.pointsAwarded).toBe(0);
      await j.expectPoints(again, POINTS.joinChallenge + 8 * 2 + 100);
      expect(await j.achievements()).toStrictEqual(champion);
    },
  },
  {
    title: 'one save can earn both: Week Warrior, then Empathy Champion, 2 + 50 + 100 points',
    async run(w) {
      const j = await Journey.start(w);
      await j.saveEarningNothing(days(1, 6), () => ({ empathyScore: 9 }));
      const saved = await j.save(7, { empathyScore: 9 });
      expect(saved.newAchievements).toStrictEqual([
        earned(WEEK_WARRIOR, j.member.id, 7),
        earned(EMPATHY_CHAMPION, j.member.id, 7),
      ]);
      expect(saved.pointsAwarded).toBe(2 + 50 + 100);
      await j.expectPoints(saved, POINTS.joinChallenge + 7 * 2 + 150);
      expect(await j.achievements()).toStrictEqual(saved.newAchievements);
    },
  },
  {
    title:
      'a missing day breaks the streak: Week Warrior waits for seven consecutive paused days ending with the newest',
    async run(w) {
      const j = await Journey.start(w);
      // Day 4 is never saved: up to day 10 the latest seven reach back across the gap.
      await j.saveEarningNothing([1, 2, 3, ...days(5, 10)], () => lowEmpathy);
      const saved = await j.save(11, lowEmpathy);
      expect(saved.newAchievements).toStrictEqual([earned(WEEK_WARRIOR, j.member.id, 11)]);
      expect(await j.achievements()).toStrictEqual(saved.newAchievements);
    },
  },
  {
    title: 'an unpaused day breaks the streak until it is no longer among the latest seven',
    async run(w) {
      const j = await Journey.start(w);
      await j.saveEarningNothing(days(1, 9), (day) => ({ ...lowEmpathy, paused: day !== 3 }));
      const saved = await j.save(10, lowEmpathy);
      expect(saved.newAchievements).toStrictEqual([earned(WEEK_WARRIOR, j.member.id, 10)]);
    },
  },
  {
    title: 'an unpaused newest day breaks the streak; saving that day again as paused completes it, for 50 points',
    async run(w) {
      const j = await Journey.start(w);
      await j.saveEarningNothing(days(1, 7), (day) => ({ ...lowEmpathy, paused: day !== 7 }));
      const saved = await j.save(7, lowEmpathy);
      expect(saved.newAchievements).toStrictEqual([earned(WEEK_WARRIOR, j.member.id, 7)]);
      expect(saved.pointsAwarded).toBe(50);
      await j.expectPoints(saved, POINTS.joinChallenge + 7 * 2 + 50);
    },
  },
  {
    title:
      'achievements are listed in the order earned, oldest first, each with the day of the reflection whose save earned it',
    async run(w) {
      const j = await Journey.start(w);
      // Day 3's empathy holds Empathy Champion back until day 3 is saved again.
      await j.saveEarningNothing(days(1, 6), (day) => ({ empathyScore: day === 3 ? 5 : 9 }));
      const warrior = await j.save(7, { empathyScore: 9 });
      expect(warrior.newAchievements).toStrictEqual([earned(WEEK_WARRIOR, j.member.id, 7)]);
      const champion = await j.save(3, { empathyScore: 9 });
      expect(champion.newAchievements).toStrictEqual([earned(EMPATHY_CHAMPION, j.member.id, 3)]);
      expect(champion.pointsAwarded).toBe(100);
      expect(await j.achievements()).toStrictEqual([...warrior.newAchievements, ...champion.newAchievements]);
    },
  },
  {
    title: 'reflections are listed newest day first, whatever order they were saved in',
    async run(w) {
      const j = await Journey.start(w);
      await j.goTo(3);
      const saved = new Map<number, ReflectionSaved>();
      for (const day of [2, 3, 1]) saved.set(day, await j.save(day));
      const list = await w.ok(api.reflections, { cookie: j.member.cookie });
      expect(list.map((r) => r.day)).toEqual([3, 2, 1]);
      expect(list).toStrictEqual([3, 2, 1].map((day) => saved.get(day)!.reflection));
    },
  },
];

function adminRoutes(): AnyRoute[] {
  return routeList.filter((route) => route.auth === 'admin');
}

function memberRoutes(): AnyRoute[] {
  return routeList.filter((route) => route.auth === 'member');
}

/** A valid body for a route that takes one, so a refusal cannot come from the input. */
function validBody(route: AnyRoute): unknown {
  switch (route) {
    case api.saveReflection:
      return reflection();
    case api.recordRippleEffect:
      return rippleEffect();
    case api.updateEmailSettings:
      return REMINDER_DEFAULTS;
    case api.addParticipant:
      return participant(`valid.${Date.now().toString(36)}@example.org`);
    case api.updateParticipant:
      return { name: 'Riley Chen', state: 'WY', zipCode: '82001' };
    case api.setParticipantStatus:
      return { isActive: false };
    case api.changeAdminPassword:
      return { currentPassword: DEMO_ADMIN.password, newPassword: 'a-new-password-long-enough' };
    case api.levelUpSeen:
      return { level: 'Agent' };
    case api.chooseAfterExperiment:
      return { choice: 'continue' };
    case api.shareStory:
      return storyRequest();
    case api.reviewStory:
      return { decision: 'approve' };
    default:
      return route.body ? {} : undefined;
  }
}

/** Well-formed path parameters for a route, for calls that must be refused before params are read. */
function anyParams(route: AnyRoute): Record<string, string> {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name) => [name, name === 'day' ? '1' : crypto.randomUUID()]));
}

/** Any well-formed path for a route, likewise. */
function anyPath(route: AnyRoute): string {
  return pathFor(route, anyParams(route));
}

// ---- the suite -------------------------------------------------------------------------------------

export function runContractSuite(name: string, start: () => Promise<ContractTarget>): void {
  describe(`HTTP contract: ${name}`, () => {
    let target: ContractTarget;

    beforeEach(async () => {
      target = await start();
    });

    afterEach(async () => {
      await target.close();
    });

    /** A World for the running case, able to skip it. */
    const worldOf = (ctx: { skip: (note?: string) => void }): World =>
      new World(target, () => {
        ctx.skip();
        throw new Error('skipped');
      });

    for (const route of routeList) {
      const rows = cases.filter((c) => c.route === route);
      if (rows.length === 0) continue;
      describe(`${route.method} ${route.path}`, () => {
        for (const c of rows) it(`${c.title} (${c.expectedStatus})`, (ctx) => c.run(worldOf(ctx)));
      });
    }

    describe('stored effects', () => {
      for (const flow of flows) it(flow.title, (ctx) => flow.run(worldOf(ctx)));
    });

    describe('admin participants: stored effects and the CSV export', () => {
      for (const flow of adminParticipantFlows) it(flow.title, (ctx) => flow.run(worldOf(ctx)));
    });

    describe("the admin's activity: actions recorded, pages and the CSV export", () => {
      for (const flow of adminActivityFlows) it(flow.title, (ctx) => flow.run(worldOf(ctx)));
    });

    describe("the admin's second factor: the pending cookie and one-time recovery codes", () => {
      for (const flow of adminSecondFactorFlows) it(flow.title, (ctx) => flow.run(worldOf(ctx)));
    });

    describe('what the 90 days show: the threshold, the cache, the evidence and the daily CSV', () => {
      for (const flow of insightFlows) it(flow.title, (ctx) => flow.run(worldOf(ctx)));
    });

    describe('e-mail keys and signing out everywhere', () => {
      for (const flow of memberKeyFlows) it(flow.title, (ctx) => flow.run(worldOf(ctx)));
    });

    describe('shared stories: review, points and the reviews', () => {
      for (const flow of storyFlows) it(flow.title, (ctx) => flow.run(worldOf(ctx)));
    });

    describe("the member's data and the site's promises: stored effects", () => {
      for (const flow of [...memberDataFlows, ...memberPromiseFlows, ...levelUpFlows])
        it(flow.title, (ctx) => flow.run(worldOf(ctx)));
    });

    describe("days passing (the target's clock moved on)", () => {
      for (const flow of dayFlows) it(flow.title, (ctx) => flow.run(worldOf(ctx)));
    });

    describe('admin routes', () => {
      it('every admin route answers 401 without a session cookie', async () => {
        const routes = adminRoutes();
        expect(routes.length).toBeGreaterThan(0);
        for (const route of routes) {
          // A valid-looking body too: the refusal must not depend on the input.
          const res = await send(target.baseUrl, route.method, anyPath(route), {
            json: route.method === 'GET' ? undefined : validBody(route),
          });
          expect(res.status, `${route.method} ${route.path}`).toBe(401);
          expect(ApiErrorBody.parse(res.body).error.code).toBe('unauthenticated');
        }
      });

      it("a member's session opens no admin route", async (ctx) => {
        const w = worldOf(ctx);
        const member = await w.join();
        for (const route of adminRoutes()) {
          const res = await w.call(route, {
            cookie: member.cookie,
            params: anyParams(route),
            json: route.method === 'GET' ? undefined : validBody(route),
          });
          expect(res.status, `${route.method} ${route.path}`).toBe(401);
          expect(ApiErrorBody.parse(res.body).error.code).toBe('unauthenticated');
        }
      });

      it('the login answer sets the session cookie HttpOnly, SameSite=Lax on /', async () => {
        const res = await send(target.baseUrl, api.adminLogin.method, api.adminLogin.path, {
          json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
        });
        const attributes = cookieAttributes(sessionCookie(res.headers));
        expect(attributes[0]).toMatch(/^prr_admin=.+/);
        expect(attributes).toContain('httponly');
        expect(attributes).toContain('path=/');
        expect(attributes).toContain('samesite=lax');
      });
    });

    describe('member routes', () => {
      it('every member route answers 401 in the error shape without a session cookie', async (ctx) => {
        const w = worldOf(ctx);
        const routes = memberRoutes();
        expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
          'DELETE /api/me',
          'GET /api/me',
          'GET /api/me/achievements',
          'GET /api/me/dashboard',
          'GET /api/me/export',
          'GET /api/me/invite',
          'GET /api/me/reflections',
          'GET /api/me/ripple-effects',
          'GET /api/me/stories',
          'PATCH /api/me/after-experiment',
          'PATCH /api/me/email-settings',
          'POST /api/me/level-up/seen',
          'POST /api/me/reflections',
          'POST /api/me/ripple-effects',
          'POST /api/me/sign-out',
          'POST /api/me/sign-out-everywhere',
          'POST /api/me/stories',
        ]);
        // A valid body too: the refusal must not depend on the input.
        for (const route of routes) await expectSignInNeeded(w, route, { json: validBody(route) });
      });

      it('every member route answers 401 to a forged member cookie and to an admin session', async (ctx) => {
        const w = worldOf(ctx);
        const admin = await w.login();
        for (const route of memberRoutes()) {
          await expectSignInNeeded(w, route, {
            cookie: `${MEMBER_SESSION_COOKIE}=${'f'.repeat(64)}`,
            json: validBody(route),
          });
          await expectSignInNeeded(w, route, { cookie: admin, json: validBody(route) });
        }
      });

      it("a new member's join sets the member cookie HttpOnly, SameSite=Lax on /, for 90 days", async (ctx) => {
        const w = worldOf(ctx);
        const res = await w.call(api.joinMovement, { json: { name: 'Ada Park', email: w.email(), zipCode: '94110' } });
        expect(res.status).toBe(200);
        const lines = memberCookieLines(res.headers);
        expect(lines).toHaveLength(1);
        const attributes = cookieAttributes(lines[0]);
        expect(attributes[0]).toMatch(new RegExp(`^${MEMBER_SESSION_COOKIE}=[a-z0-9_-]{32,}$`));
        expect(attributes).toContain('httponly');
        expect(attributes).toContain('path=/');
        expect(attributes).toContain('samesite=lax');
        expect(attributes).toContain(`max-age=${MEMBER_SESSION_DAYS * 86_400}`);
      });

      it('GET /api/me answers the member who joined in this browser, with their address', async (ctx) => {
        const w = worldOf(ctx);
        const email = w.email('jordan');
        const member = await w.join({ name: 'Jordan Ellis', email, zipCode: '94110' });
        const { cookie: _cookie, ...view } = member;
        expect(view).toStrictEqual({ ...freshMemberView(w), id: member.id });
        expect(view.email).toBe(email);
      });

      it('sign-out, then GET /api/me answers 401', async (ctx) => {
        const w = worldOf(ctx);
        const member = await w.join();
        expect(await w.ok(api.signOut, { cookie: member.cookie })).toStrictEqual({ signedOut: true });
        await expectSignInNeeded(w, api.me, { cookie: member.cookie });
      });
    });

    describe('the table', () => {
      it('has a success case for every route of the contract', () => {
        const covered = new Set(cases.filter((c) => c.expectedStatus === c.route.status).map((c) => c.route));
        // The unsubscribe token only travels by e-mail; its success case is the flow above.
        const missing = routeList.filter((route) => route !== api.unsubscribe && !covered.has(route));
        expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
      });

      it('has a refusal case for every route that takes input, and a 401 case for every member route', () => {
        const refused = new Set(cases.filter((c) => c.expectedStatus >= 400).map((c) => c.route));
        const missing = routeList.filter((route) => (route.params || route.body) && !refused.has(route));
        expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
        const unauthenticated = new Set(cases.filter((c) => c.expectedStatus === 401).map((c) => c.route));
        expect(
          memberRoutes()
            .filter((route) => !unauthenticated.has(route))
            .map((r) => `${r.method} ${r.path}`),
        ).toEqual([]);
      });
    });
  });
}
