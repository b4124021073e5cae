/**
 * The HTTP contract suite, written once and run against every implementation of the /api contract:
 * the MSW handlers (contract-tests/mocks.test.ts) and the real Koa server (contract-tests/server.test.ts).
 * It speaks plain HTTP with `fetch`, so it sees exactly what a browser sees, and it only asserts what
 * both implementations must do (DESIGN.md: Product decisions and Errors). Limits that only the real
 * server has (413, 429, security headers) are tested with the server, not here.
 *
 * Every case gets a fresh target (`start()` before, `close()` after), so cases never depend on each
 * other, and no case assumes seeded members: the members a case needs are joined inside it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  DEFAULT_MOVEMENT_GOAL,
  DEMO_ADMIN,
  EXPERIMENT_DAYS,
  REFLECTION_DEFAULTS,
  REMINDER_DEFAULTS,
  US_STATES,
  api,
  pathFor,
  routeList,
  totalPeacemakers,
  type AdminMember,
  type AdminStats,
  type AnyRoute,
  type ErrorCode,
  type Member,
  type ReflectionRequest,
  type ResponseOf,
  type RippleEffectRequest,
  type StateParticipation,
} from '@prr/contract';

export interface ContractTarget {
  /** Origin the API is reached at, without a trailing slash, e.g. 'http://127.0.0.1:41234'. */
  baseUrl: string;
  close: () => Promise<void>;
  /**
   * The unsubscribe token the target would put in a member's e-mail. Optional: without it the one
   * case that needs a valid token is skipped, because the token never travels over the API.
   */
  unsubscribeToken?: (memberId: string) => string | Promise<string>;
}

// ---- plain HTTP ----------------------------------------------------------------------------------

interface Req {
  params?: Record<string, string | number>;
  /** A JSON body; `raw` sends the text as is (for malformed JSON). */
  json?: unknown;
  raw?: string;
  /** 'name=value' of the admin session cookie. */
  cookie?: string;
}

interface Res {
  status: number;
  headers: Headers;
  body: unknown;
}

async function send(baseUrl: string, method: string, path: string, req: Omit<Req, 'params'> = {}): Promise<Res> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (req.raw !== undefined || req.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = req.raw ?? JSON.stringify(req.json);
  }
  if (req.cookie) headers.Cookie = req.cookie;
  const res = await fetch(baseUrl + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** What a case works with: HTTP against the current target, plus the steps many cases share. */
class World {
  private counter = 0;

  constructor(readonly target: ContractTarget) {}

  call(route: Pick<AnyRoute, 'method' | 'path'>, req: Req = {}): Promise<Res> {
    return send(this.target.baseUrl, route.method, pathFor(route, req.params), req);
  }

  /** Calls a route expecting its success status, and answers the body parsed by its response schema. */
  async ok<R extends AnyRoute>(route: R, req: Req = {}): Promise<ResponseOf<R>> {
    const res = await this.call(route, req);
    expect(res.status, `${route.method} ${route.path} answered ${JSON.stringify(res.body)}`).toBe(route.status);
    return route.response.parse(res.body) as ResponseOf<R>;
  }

  /** A unique address per case, so a target that keeps data between cases still gets new members. */
  email(label = 'peacemaker'): string {
    this.counter += 1;
    return `${label}.${Date.now().toString(36)}${this.counter}@example.org`;
  }

  /** Joins a new member and answers their dashboard view. */
  async join(overrides: Partial<{ name: string; email: string; zipCode: string }> = {}): Promise<Member & { email: string }> {
    const join = { name: 'Casey Morgan', email: this.email(), zipCode: '10001', ...overrides };
    await this.ok(api.joinMovement, { json: join });
    const member = await this.ok(api.dashboardMember, { params: { email: join.email } });
    return { ...member, email: join.email };
  }

  /** Signs in as the demo admin and answers the 'name=value' to send as Cookie. */
  async login(): Promise<string> {
    const res = await this.call(api.adminLogin, { json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    expect(res.status).toBe(200);
    const pair = sessionCookie(res.headers)?.split(';')[0] ?? '';
    expect(pair).toMatch(/^prr_admin=[^;]+$/);
    return pair;
  }
}

/** The admin session's Set-Cookie line, even when the answer sets other cookies too. */
function sessionCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((line) => line.startsWith('prr_admin='));
}

function reflection(memberId: string, overrides: Partial<ReflectionRequest> = {}): ReflectionRequest {
  return {
    ...REFLECTION_DEFAULTS,
    memberId,
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

function rippleEffect(memberId: string, overrides: Partial<RippleEffectRequest> = {}): RippleEffectRequest {
  return {
    memberId,
    week: 1,
    relationshipImprovements: 2,
    positiveInteractions: 5,
    conflictsAvoided: 3,
    othersInspired: 1,
    notes: 'Two colleagues asked about the method.',
    ...overrides,
  };
}

const participant = (email: string) => ({ name: 'Riley Chen', email, state: 'WY', zipCode: '82001' });
const unknownMemberId = () => crypto.randomUUID();

// ---- the table -----------------------------------------------------------------------------------

interface Expectation<R extends AnyRoute> {
  status: number;
  /** Error cases: the code, and per field either its message or `true` for "some message". */
  code?: ErrorCode;
  message?: string;
  fields?: Record<string, string | true>;
  /** Success cases: further checks on the parsed body and stored effects, over HTTP. */
  then?: (body: ResponseOf<R>, world: World) => void | Promise<void>;
}

interface Case {
  route: AnyRoute;
  title: string;
  expectedStatus: number;
  run: (world: World) => Promise<void>;
}

/**
 * One row of the table. Generic in the route so `then` receives the route's parsed response type,
 * then closed over into a plain `Case` so rows of different routes sit in one array.
 */
function row<R extends AnyRoute>(
  route: R,
  title: string,
  request: (world: World) => Req | Promise<Req>,
  expectation: Expectation<R>,
): Case {
  return {
    route,
    title,
    expectedStatus: expectation.status,
    async run(world) {
      const res = await world.call(route, await request(world));
      expect(res.status, `answered ${JSON.stringify(res.body)}`).toBe(expectation.status);
      if (res.status < 400) {
        const body = route.response.parse(res.body) as ResponseOf<R>;
        await expectation.then?.(body, world);
        return;
      }
      const { error } = ApiErrorBody.parse(res.body);
      if (expectation.code) expect(error.code).toBe(expectation.code);
      if (expectation.message) expect(error.message).toBe(expectation.message);
      for (const [field, message] of Object.entries(expectation.fields ?? {})) {
        expect(error.fields?.[field], `fields.${field} in ${JSON.stringify(error)}`).toBeDefined();
        if (message !== true) expect(error.fields?.[field]).toContain(message);
      }
    },
  };
}

const invalid = (fields: Record<string, string | true>) => ({ status: 400, code: 'validation_failed' as const, fields });
const notFound = { status: 404, code: 'not_found' as const };
const asAdmin = async (world: World, req: Req = {}): Promise<Req> => ({ ...req, cookie: await world.login() });

const cases: Case[] = [
  // -- public content
  row(api.featuredProducts, 'lists the featured products', () => ({}), { status: 200 }),
  row(api.testimonials, 'lists the testimonials', () => ({}), {
    status: 200,
    then: (list) => list.forEach((t) => expect(t.rating).toBeGreaterThanOrEqual(1)),
  }),

  // -- joining
  row(api.joinMovement, 'joins with name, e-mail and ZIP code', (w) => ({ json: { name: 'Ada Park', email: w.email(), zipCode: '94110' } }), {
    status: 200,
    then: (body) => expect(body).toEqual({ joined: true }),
  }),
  row(api.joinMovement, 'refuses an empty name', (w) => ({ json: { name: '', email: w.email(), zipCode: '94110' } }), invalid({ name: true })),
  row(api.joinMovement, 'refuses a missing name', (w) => ({ json: { email: w.email(), zipCode: '94110' } }), invalid({ name: true })),
  row(api.joinMovement, 'refuses an invalid e-mail', () => ({ json: { name: 'Ada Park', email: 'ada-at-example', zipCode: '94110' } }), invalid({ email: 'Invalid email address' })),
  row(api.joinMovement, 'refuses an empty ZIP code', (w) => ({ json: { name: 'Ada Park', email: w.email(), zipCode: '' } }), invalid({ zipCode: true })),
  row(api.joinMovement, 'refuses a request without a body', () => ({}), { status: 400, code: 'validation_failed' }),
  row(api.joinMovement, 'refuses malformed JSON', () => ({ raw: '{"name": "Ada", ' }), { status: 400 }),

  row(api.movementStats, 'answers the goal and the total over all states', () => ({}), {
    status: 200,
    then: async (stats, w) => {
      expect(stats.goal).toBe(DEFAULT_MOVEMENT_GOAL);
      expect(stats.total).toBe(totalPeacemakers(await w.ok(api.mapStates)));
    },
  }),
  row(api.mapStates, 'lists all 50 states with their codes', () => ({}), {
    status: 200,
    then: (states) => {
      expect(states).toHaveLength(50);
      for (const s of states) expect(US_STATES[s.state as keyof typeof US_STATES]).toBe(s.stateCode);
    },
  }),

  // -- the member dashboard
  row(api.dashboardMember, "answers a new member's dashboard with the join defaults", async (w) => ({ params: { email: (await w.join({ name: 'Jamie Fox' })).email } }), {
    status: 200,
    then: (member) => {
      expect(member).toMatchObject({ name: 'Jamie Fox', currentDay: 1, ...REMINDER_DEFAULTS, peacemakerLevel: 'Explorer' });
      expect(member.id).toMatch(/^[0-9a-f-]{36}$/);
    },
  }),
  row(api.dashboardMember, 'finds the member whatever the case of the e-mail', async (w) => ({ params: { email: (await w.join()).email.toUpperCase() } }), {
    status: 200,
  }),
  row(api.dashboardMember, 'answers 404 for an e-mail nobody joined with', (w) => ({ params: { email: w.email('nobody') } }), notFound),

  ...memberListRows(api.reflections, 'reflections'),
  ...memberListRows(api.achievements, 'achievements'),
  ...memberListRows(api.rippleEffects, 'ripple effects'),

  // -- saving a reflection
  row(api.saveReflection, "saves today's reflection for 2 points", async (w) => ({ json: reflection((await w.join()).id) }), {
    status: 200,
    then: (saved) => {
      expect(saved.pointsAwarded).toBe(2);
      expect(saved.newAchievements).toEqual([]);
      expect(saved.reflection).toMatchObject({ day: 1, paused: true, mood: 7, notes: 'Paused before answering my neighbour.' });
      expect(saved.peacemakerLevel).toBe('Explorer');
    },
  }),
  row(api.saveReflection, 'refuses a day after the current day', async (w) => ({ json: reflection((await w.join()).id, { day: 2 }) }), invalid({ day: true })),
  row(api.saveReflection, 'refuses day 0', async (w) => ({ json: reflection((await w.join()).id, { day: 0 }) }), invalid({ day: true })),
  row(api.saveReflection, 'refuses a mood above 10', async (w) => ({ json: reflection((await w.join()).id, { mood: 11 }) }), invalid({ mood: true })),
  row(api.saveReflection, 'refuses an empathy score below 1', async (w) => ({ json: reflection((await w.join()).id, { empathyScore: 0 }) }), invalid({ empathyScore: true })),
  row(api.saveReflection, 'refuses more than 3 completed exercises', async (w) => ({ json: reflection((await w.join()).id, { completedExercises: 4 }) }), invalid({ completedExercises: true })),
  row(api.saveReflection, 'refuses a date that is not YYYY-MM-DD', async (w) => ({ json: reflection((await w.join()).id, { date: 'yesterday' }) }), invalid({ date: true })),
  row(api.saveReflection, 'refuses a malformed member id', () => ({ json: reflection('member-1') }), invalid({ memberId: true })),
  row(api.saveReflection, 'answers 404 for an unknown member', () => ({ json: reflection(unknownMemberId()) }), notFound),
  row(api.saveReflection, 'refuses a request without a body', () => ({}), { status: 400, code: 'validation_failed' }),

  // -- ripple effects
  row(api.recordRippleEffect, "records a week's impact", async (w) => ({ json: rippleEffect((await w.join()).id) }), {
    status: 201,
    then: (effect) => expect(effect).toMatchObject({ week: 1, positiveInteractions: 5, notes: 'Two colleagues asked about the method.' }),
  }),
  row(api.recordRippleEffect, 'refuses week 0', async (w) => ({ json: rippleEffect((await w.join()).id, { week: 0 }) }), invalid({ week: true })),
  row(api.recordRippleEffect, 'refuses week 14', async (w) => ({ json: rippleEffect((await w.join()).id, { week: 14 }) }), invalid({ week: true })),
  row(api.recordRippleEffect, 'refuses a negative count', async (w) => ({ json: rippleEffect((await w.join()).id, { conflictsAvoided: -1 }) }), invalid({ conflictsAvoided: true })),
  row(api.recordRippleEffect, 'answers 404 for an unknown member', () => ({ json: rippleEffect(unknownMemberId()) }), notFound),

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
  row(api.reflectionPrompt, 'refuses a day that is not a number', () => ({ params: { day: 'first' } }), invalid({ day: true })),
  row(api.reflectionPrompt, 'refuses a fractional day', () => ({ params: { day: '1.5' } }), invalid({ day: true })),

  // -- e-mail settings
  row(api.updateEmailSettings, 'saves the e-mail settings and answers them', async (w) => ({
    params: { memberId: (await w.join()).id },
    json: { emailReminders: false, reminderTime: '18:00', timezone: 'America/Chicago' },
  }), {
    status: 200,
    then: (settings) => expect(settings).toEqual({ emailReminders: false, reminderTime: '18:00', timezone: 'America/Chicago' }),
  }),
  row(api.updateEmailSettings, 'refuses a reminder time outside 06:00-21:00', async (w) => ({
    params: { memberId: (await w.join()).id },
    json: { ...REMINDER_DEFAULTS, reminderTime: '05:00' },
  }), invalid({ reminderTime: 'Choose a time between 06:00 and 21:00' })),
  row(api.updateEmailSettings, 'refuses a time zone that is not offered', async (w) => ({
    params: { memberId: (await w.join()).id },
    json: { ...REMINDER_DEFAULTS, timezone: 'Mars/Olympus_Mons' },
  }), invalid({ timezone: 'Choose one of the listed time zones' })),
  row(api.updateEmailSettings, 'refuses a reminders flag that is not a boolean', async (w) => ({
    params: { memberId: (await w.join()).id },
    json: { ...REMINDER_DEFAULTS, emailReminders: 'yes' },
  }), invalid({ emailReminders: true })),
  row(api.updateEmailSettings, 'refuses a malformed member id', () => ({ params: { memberId: 'member-1' }, json: REMINDER_DEFAULTS }), invalid({ memberId: true })),
  row(api.updateEmailSettings, 'answers 404 for an unknown member', () => ({ params: { memberId: unknownMemberId() }, json: REMINDER_DEFAULTS }), notFound),

  // -- unsubscribe (the valid-token case is a flow below: the token only travels by e-mail)
  row(api.unsubscribe, 'refuses a request without a token', () => ({ json: {} }), invalid({ token: true })),
  row(api.unsubscribe, 'refuses a token it never issued', () => ({ json: { token: 'not-a-real-token' } }), { status: 400 }),

  // -- admin sign-in
  row(api.adminLoginInfo, 'shows the demo credentials while the demo password is unchanged', () => ({}), {
    status: 200,
    then: (info) => expect(info.demoCredentials).toEqual({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  }),
  row(api.adminLogin, 'signs the demo admin in with an HttpOnly session cookie', () => ({ json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } }), {
    status: 200,
    then: (body) => expect(body.admin).toEqual({ name: DEMO_ADMIN.name, email: DEMO_ADMIN.email }),
  }),
  row(api.adminLogin, 'refuses a wrong password', () => ({ json: { email: DEMO_ADMIN.email, password: 'not-the-password' } }), {
    status: 401,
    code: 'unauthenticated',
    message: 'Invalid credentials',
  }),
  row(api.adminLogin, 'refuses an unknown admin e-mail', () => ({ json: { email: 'someone@example.org', password: DEMO_ADMIN.password } }), {
    status: 401,
    code: 'unauthenticated',
    message: 'Invalid credentials',
  }),
  row(api.adminLogin, 'refuses an invalid e-mail', () => ({ json: { email: 'admin', password: DEMO_ADMIN.password } }), invalid({ email: 'Invalid email address' })),
  row(api.adminLogin, 'refuses a password under 6 characters', () => ({ json: { email: DEMO_ADMIN.email, password: 'peace' } }), invalid({ password: 'Password must be at least 6 characters' })),
  row(api.adminLogin, 'refuses a request without a body', () => ({}), { status: 400, code: 'validation_failed' }),

  row(api.adminSession, 'answers the signed-in admin', (w) => asAdmin(w), {
    status: 200,
    then: (session) => expect(session.admin.email).toBe(DEMO_ADMIN.email),
  }),
  row(api.adminSession, 'refuses a forged session cookie', () => ({ cookie: 'prr_admin=forged-session' }), { status: 401, code: 'unauthenticated' }),
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
  row(api.adminMembers, 'lists the members, a new one included', async (w) => {
    await w.join({ name: 'Morgan Hale' });
    return asAdmin(w);
  }, {
    status: 200,
    then: (list) => expect(list.map((m) => m.name)).toContain('Morgan Hale'),
  }),
  row(api.addParticipant, 'adds a participant, turning a state code into its name', async (w) => asAdmin(w, { json: participant(w.email('riley')) }), {
    status: 201,
    then: (added) => expect(added).toMatchObject({ name: 'Riley Chen', state: 'Wyoming', zipCode: '82001', isActive: true }),
  }),
  row(api.addParticipant, 'accepts a full state name in any case', async (w) => asAdmin(w, { json: { ...participant(w.email()), state: 'new mexico' } }), {
    status: 201,
    then: (added) => expect(added.state).toBe('New Mexico'),
  }),
  row(api.addParticipant, 'refuses a one-letter name', async (w) => asAdmin(w, { json: { ...participant(w.email()), name: 'R' } }), invalid({ name: 'Name must be at least 2 characters' })),
  row(api.addParticipant, 'refuses an invalid e-mail', async (w) => asAdmin(w, { json: participant('riley-at-example') }), invalid({ email: 'Invalid email address' })),
  row(api.addParticipant, 'refuses an empty state', async (w) => asAdmin(w, { json: { ...participant(w.email()), state: '' } }), invalid({ state: 'State is required' })),
  row(api.addParticipant, 'refuses a state that does not exist', async (w) => asAdmin(w, { json: { ...participant(w.email()), state: 'Atlantis' } }), invalid({ state: true })),
  row(api.addParticipant, 'refuses a ZIP code under 5 characters', async (w) => asAdmin(w, { json: { ...participant(w.email()), zipCode: '820' } }), invalid({ zipCode: 'Zip code must be at least 5 characters' })),
  row(api.addParticipant, 'names every bad field at once', async (w) => asAdmin(w, { json: { name: 'R', email: 'x', state: '', zipCode: '1' } }), invalid({
    name: 'Name must be at least 2 characters',
    email: 'Invalid email address',
    state: 'State is required',
    zipCode: 'Zip code must be at least 5 characters',
  })),
  row(api.addParticipant, 'refuses the e-mail of an existing member, whatever its case', async (w) => {
    const member = await w.join();
    return asAdmin(w, { json: participant(member.email.toUpperCase()) });
  }, { status: 409, code: 'conflict' }),
  row(api.recalculateStates, "sets every state's count to its active members", (w) => asAdmin(w), {
    status: 200,
    then: async (result, w) => {
      expect(result.states).toHaveLength(50);
      const members = await w.ok(api.adminMembers, { cookie: await w.login() });
      for (const record of result.states) expect(record.peacemakers).toBe(activeIn(members, record.state));
      expect(result.stats.totalParticipation).toBe(totalPeacemakers(result.states));
      expect(result.stats.stateCount).toBe(result.states.filter((s) => s.peacemakers >= 1).length);
    },
  }),
];

/** The three member-scoped lists answer the same way: empty for a new member, 400, 404. */
function memberListRows(route: typeof api.reflections | typeof api.achievements | typeof api.rippleEffects, what: string): Case[] {
  return [
    row(route, `answers no ${what} for a new member`, async (w) => ({ params: { memberId: (await w.join()).id } }), {
      status: 200,
      then: (list) => expect(list).toEqual([]),
    }),
    row(route, 'refuses a malformed member id', () => ({ params: { memberId: 'not-a-uuid' } }), invalid({ memberId: true })),
    row(route, 'answers 404 for an unknown member', () => ({ params: { memberId: unknownMemberId() } }), notFound),
  ];
}

function activeIn(members: readonly AdminMember[], state: string): number {
  return members.filter((m) => m.isActive && m.state === state).length;
}

// ---- stored effects, observable over HTTP ----------------------------------------------------------

interface Flow {
  title: string;
  run: (world: World, skip: () => void) => Promise<void>;
}

async function adminStats(w: World, cookie: string): Promise<AdminStats> {
  return w.ok(api.adminStats, { cookie });
}

const flows: Flow[] = [
  {
    title: 'joining twice with a differently cased e-mail stores one member',
    async run(w) {
      const cookie = await w.login();
      const before = await adminStats(w, cookie);
      const email = w.email('twice');
      await w.ok(api.joinMovement, { json: { name: 'Sam Lee', email, zipCode: '60614' } });
      await w.ok(api.joinMovement, { json: { name: 'Samuel Lee', email: email.toUpperCase(), zipCode: '60614' } });
      expect((await adminStats(w, cookie)).totalMembers).toBe(before.totalMembers + 1);
      const lower = await w.ok(api.dashboardMember, { params: { email } });
      const upper = await w.ok(api.dashboardMember, { params: { email: email.toUpperCase() } });
      expect(upper.id).toBe(lower.id);
    },
  },
  {
    title: 'joining derives the state from the ZIP code, and an unknown prefix still joins',
    async run(w) {
      const known = await w.join({ name: 'Nia Brooks', zipCode: '10001' });
      const unknown = await w.join({ name: 'Omar Haddad', zipCode: '00000' });
      const members = await w.ok(api.adminMembers, { cookie: await w.login() });
      expect(members.find((m) => m.id === known.id)?.state).toBe('New York');
      expect(members.find((m) => m.id === unknown.id)?.state).toBe('');
    },
  },
  {
    title: 'a saved reflection is listed and adds 2 points once; saving the day again updates it',
    async run(w) {
      const member = await w.join();
      const first = await w.ok(api.saveReflection, { json: reflection(member.id) });
      const again = await w.ok(api.saveReflection, { json: reflection(member.id, { notes: 'Second thoughts.', mood: 9 }) });
      expect(first.pointsAwarded).toBe(2);
      expect(again.pointsAwarded).toBe(0);
      expect(again.reflection.id).toBe(first.reflection.id);
      const list = await w.ok(api.reflections, { params: { memberId: member.id } });
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ id: first.reflection.id, notes: 'Second thoughts.', mood: 9 });
      const after = await w.ok(api.dashboardMember, { params: { email: member.email } });
      expect(after.levelProgressPoints).toBe(member.levelProgressPoints + 2);
      expect(after.levelProgressPoints).toBe(again.levelProgressPoints);
    },
  },
  {
    title: 'changed e-mail settings show on the dashboard',
    async run(w) {
      const member = await w.join();
      const settings = { emailReminders: true, reminderTime: '07:00', timezone: 'Europe/London' } as const;
      await w.ok(api.updateEmailSettings, { params: { memberId: member.id }, json: settings });
      expect(await w.ok(api.dashboardMember, { params: { email: member.email } })).toMatchObject(settings);
    },
  },
  {
    title: 'a recorded ripple effect is listed for its member only',
    async run(w) {
      const member = await w.join();
      const other = await w.join();
      const effect = await w.ok(api.recordRippleEffect, { json: rippleEffect(member.id, { week: 1 }) });
      expect(await w.ok(api.rippleEffects, { params: { memberId: member.id } })).toEqual([effect]);
      expect(await w.ok(api.rippleEffects, { params: { memberId: other.id } })).toEqual([]);
    },
  },
  {
    title: "a participant added by the admin counts on the map after 'Update Map'",
    async run(w) {
      const cookie = await w.login();
      const added = await w.ok(api.addParticipant, { cookie, json: participant(w.email('wyoming')) });
      const result = await w.ok(api.recalculateStates, { cookie });
      const members = await w.ok(api.adminMembers, { cookie });
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
    title: 'a participant added by the admin can open the dashboard and joining again changes nothing',
    async run(w) {
      const cookie = await w.login();
      const email = w.email('added');
      await w.ok(api.addParticipant, { cookie, json: participant(email) });
      const before = await adminStats(w, cookie);
      await w.ok(api.joinMovement, { json: { name: 'Riley Chen', email, zipCode: '82001' } });
      expect((await adminStats(w, cookie)).totalMembers).toBe(before.totalMembers);
      expect((await w.ok(api.dashboardMember, { params: { email } })).name).toBe('Riley Chen');
    },
  },
  {
    title: 'after logout the old session cookie opens no admin route',
    async run(w) {
      const cookie = await w.login();
      await w.ok(api.adminLogout, { cookie });
      for (const route of adminRoutes()) {
        const res = await w.call(route, { cookie });
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
      }
    },
  },
  {
    title: 'a valid unsubscribe token turns reminders off',
    async run(w, skip) {
      if (!w.target.unsubscribeToken) return skip();
      const member = await w.join();
      const token = await w.target.unsubscribeToken(member.id);
      expect(await w.ok(api.unsubscribe, { json: { token } })).toEqual({ emailReminders: false });
      expect((await w.ok(api.dashboardMember, { params: { email: member.email } })).emailReminders).toBe(false);
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
];

function adminRoutes(): AnyRoute[] {
  return routeList.filter((route) => route.auth === 'admin');
}

/** Any well-formed path for a route, for calls that must be refused before params are read. */
function anyPath(route: AnyRoute): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === 'day' ? '1' : crypto.randomUUID()));
}

// ---- the suite -------------------------------------------------------------------------------------

export function runContractSuite(name: string, start: () => Promise<ContractTarget>): void {
  describe(`HTTP contract: ${name}`, () => {
    let world: World;

    beforeEach(async () => {
      world = new World(await start());
    });

    afterEach(async () => {
      await world.target.close();
    });

    for (const route of routeList) {
      const rows = cases.filter((c) => c.route === route);
      if (rows.length === 0) continue;
      describe(`${route.method} ${route.path}`, () => {
        for (const c of rows) it(`${c.title} (${c.expectedStatus})`, () => c.run(world));
      });
    }

    describe('stored effects', () => {
      for (const flow of flows) it(flow.title, (ctx) => flow.run(world, () => ctx.skip()));
    });

    describe('admin routes', () => {
      it('every admin route answers 401 without a session cookie', async () => {
        const routes = adminRoutes();
        expect(routes.length).toBeGreaterThan(0);
        for (const route of routes) {
          // A valid-looking body too: the refusal must not depend on the input.
          const res = await send(world.target.baseUrl, route.method, anyPath(route), {
            json: route.method === 'GET' ? undefined : participant(world.email()),
          });
          expect(res.status, `${route.method} ${route.path}`).toBe(401);
          expect(ApiErrorBody.parse(res.body).error.code).toBe('unauthenticated');
        }
      });

      it('the login answer sets the session cookie HttpOnly, SameSite=Lax on /', async () => {
        const res = await world.call(api.adminLogin, { json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
        const attributes = (sessionCookie(res.headers) ?? '').split(';').map((a) => a.trim().toLowerCase());
        expect(attributes[0]).toMatch(/^prr_admin=.+/);
        expect(attributes).toContain('httponly');
        expect(attributes).toContain('path=/');
        expect(attributes).toContain('samesite=lax');
      });
    });

    describe('the table', () => {
      it('has a success case for every route of the contract', () => {
        const covered = new Set(cases.filter((c) => c.expectedStatus === c.route.status).map((c) => c.route));
        // The unsubscribe token only travels by e-mail; its success case is the flow above.
        const missing = routeList.filter((route) => route !== api.unsubscribe && !covered.has(route));
        expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
      });

      it('has a refusal case for every route that takes input', () => {
        const refused = new Set(cases.filter((c) => c.expectedStatus >= 400).map((c) => c.route));
        const missing = routeList.filter((route) => (route.params || route.body) && !refused.has(route));
        expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
      });
    });
  });
}
