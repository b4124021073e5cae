/**
 * What the contract suite's cases work with (suite.ts and the admin participants' cases in
 * adminParticipants.cases.ts): plain HTTP against the current target, the `World` of a case with the
 * steps many cases share, and the table's rows. See suite.ts for the rules every case keeps.
 */
import { expect } from 'vitest';
import {
  ADMIN_PAGE_SIZES,
  ADMIN_SESSION_COOKIE,
  ApiErrorBody,
  DEMO_ADMIN,
  MEMBER_SESSION_COOKIE,
  SIGN_IN_MESSAGES,
  SIGN_IN_MINUTES,
  api,
  pathFor,
  searchFor,
  type AdminMember,
  type AnyRoute,
  type ErrorCode,
  type Member,
  type ResponseOf,
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
  /**
   * The 6-digit code of the last sign-in e-mail (POST /api/sign-in) the target sent to `email`, or
   * undefined if it sent none. Optional: without it the cases that need the right code are skipped.
   */
  lastSignInCode?: (email: string) => Promise<string | undefined>;
  /** The token of the one-time link in that e-mail (what `/dashboard#key=…` carries). Optional likewise. */
  lastSignInLink?: (email: string) => Promise<string | undefined>;
  /**
   * A new single-use key for the member, as a welcome or daily e-mail would carry it
   * (docs/decisions/025-e-mail-key-flow.md). Optional: without it the key cases are skipped.
   */
  emailKey?: (memberId: string) => string | Promise<string>;
  /**
   * Moves the target's clock on by `days` (24 hours each) for the rest of the case: the clock
   * stays the real time plus every step taken, so a member who joined in the case reaches later
   * days of the experiment. Optional: without it the cases that need a later day are skipped,
   * because no request can move a target's time.
   */
  advanceClock?: (days: number) => void | Promise<void>;
  /**
   * Makes a second factor required for the admin for the rest of the case, as
   * ADMIN_SECOND_FACTOR=required does (docs/decisions/027-admin-second-factor.md). Optional:
   * without it the second-factor cases that need an enrolment are skipped.
   */
  requireAdminSecondFactor?: () => void | Promise<void>;
  /** The code an authenticator app shows for `secret`, `steps` half-minutes from now (0 unless given). */
  adminTotpCode?: (secret: string, steps?: number) => string;
  /**
   * An authenticator that answers the target's passkey options with a credential the target
   * accepts. Optional: real passkeys are proved in the browser journey (e2e/adminSecondFactor.test.ts).
   */
  passkeyAuthenticator?: {
    register: (options: unknown) => unknown;
    authenticate: (options: unknown) => unknown;
  };
}

// ---- plain HTTP ----------------------------------------------------------------------------------

export interface Req {
  params?: Record<string, string | number>;
  /** The query string, sent as `searchFor` writes it (values as given, so a case can send bad ones). */
  query?: Record<string, string | number | undefined>;
  /** A JSON body; `raw` sends the text as is (for malformed JSON). */
  json?: unknown;
  raw?: string;
  /** 'name=value' of a session cookie (the admin's or a member's). */
  cookie?: string;
}

export interface Res {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function send(
  baseUrl: string,
  method: string,
  path: string,
  req: Omit<Req, 'params' | 'query'> = {},
): Promise<Res> {
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

/** A member as the browser that joined (or signed in) knows them: their view and their session cookie. */
export type SignedIn = Member & { cookie: string };

/** What a case works with: HTTP against the current target, plus the steps many cases share. */
export class World {
  private counter = 0;
  /** The join input of the last `join()`, for rows whose checks need it. */
  lastJoin: { name: string; email: string; zipCode: string } | undefined;
  /** The member the last `join()` signed in. */
  lastMember: SignedIn | undefined;

  constructor(
    readonly target: ContractTarget,
    /** Skips the running case (a target without an optional capability). */
    readonly skip: () => never,
  ) {}

  call(route: Pick<AnyRoute, 'method' | 'path'>, req: Req = {}): Promise<Res> {
    return send(this.target.baseUrl, route.method, pathFor(route, req.params) + searchFor(req.query), req);
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

  /**
   * Joins with a fresh address, as a new member, and answers their own view (GET /api/me) with the
   * session cookie the join set.
   */
  async join(overrides: Partial<{ name: string; email: string; zipCode: string }> = {}): Promise<SignedIn> {
    const join = { name: 'Casey Morgan', email: this.email(), zipCode: '10001', ...overrides };
    this.lastJoin = join;
    const res = await this.call(api.joinMovement, { json: join });
    expect(res.status, `join answered ${JSON.stringify(res.body)}`).toBe(200);
    expect(api.joinMovement.response.parse(res.body)).toEqual({ joined: true });
    const cookie = memberCookiePair(res.headers);
    expect(cookie, "a new member's join sets the member cookie").toMatch(
      new RegExp(`^${MEMBER_SESSION_COOKIE}=[A-Za-z0-9_-]{32,}$`),
    );
    const member = await this.ok(api.me, { cookie });
    this.lastMember = { ...member, cookie: cookie! };
    return this.lastMember;
  }

  /** The session cookie of a newly joined member, for a row's request. */
  async asMember(
    req: Req = {},
    overrides: Partial<{ name: string; email: string; zipCode: string }> = {},
  ): Promise<Req> {
    return { ...req, cookie: (await this.join(overrides)).cookie };
  }

  /** Asks for a sign-in e-mail to `email`, expecting it to go out. */
  async requestSignIn(email: string): Promise<void> {
    expect(await this.ok(api.requestSignIn, { json: { email } })).toStrictEqual({
      sent: true,
      expiresInMinutes: SIGN_IN_MINUTES,
    });
  }

  /** The code of the last sign-in e-mail to `email`; skips the case on a target that cannot tell. */
  async code(email: string): Promise<string> {
    if (!this.target.lastSignInCode) this.skip();
    const code = await this.target.lastSignInCode(email);
    expect(code, `a sign-in code was sent to ${email}`).toMatch(/^\d{6}$/);
    return code!;
  }

  /** The one-time link token of the last sign-in e-mail to `email`; skips likewise. */
  async link(email: string): Promise<string> {
    if (!this.target.lastSignInLink) this.skip();
    const token = await this.target.lastSignInLink(email);
    expect(token, `a sign-in link was sent to ${email}`).toBeTypeOf('string');
    return token!;
  }

  /** Signs `email` in from another browser (code by e-mail) and answers that browser's cookie. */
  async signInByCode(email: string): Promise<string> {
    await this.requestSignIn(email);
    const res = await this.call(api.signInWithCode, { json: { email, code: await this.code(email) } });
    expect(res.status, `sign-in answered ${JSON.stringify(res.body)}`).toBe(200);
    const cookie = memberCookiePair(res.headers);
    expect(cookie).toMatch(new RegExp(`^${MEMBER_SESSION_COOKIE}=[A-Za-z0-9_-]{32,}$`));
    return cookie!;
  }

  /** Skips the running case on a target whose clock cannot be moved. */
  needsClock(): void {
    if (!this.target.advanceClock) this.skip();
  }

  /** Moves the target's clock on by `days`; skips the case on a target that cannot. */
  async advanceClock(days: number): Promise<void> {
    if (!this.target.advanceClock) this.skip();
    await this.target.advanceClock(days);
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
export function sessionCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((line) => line.startsWith(`${ADMIN_SESSION_COOKIE}=`));
}

/** The member session's Set-Cookie lines of an answer. */
export function memberCookieLines(headers: Headers): string[] {
  return headers.getSetCookie().filter((line) => line.startsWith(`${MEMBER_SESSION_COOKIE}=`));
}

/** The 'prr_member=value' an answer sets, to send back as Cookie; undefined if it sets none. */
export function memberCookiePair(headers: Headers): string | undefined {
  const lines = memberCookieLines(headers);
  expect(lines.length, `at most one member cookie in ${JSON.stringify(lines)}`).toBeLessThanOrEqual(1);
  return lines[0]?.split(';')[0];
}

/** A Set-Cookie line's attributes, lower-cased, the name=value pair first. */
export const cookieAttributes = (line: string | undefined): string[] =>
  (line ?? '').split(';').map((a) => a.trim().toLowerCase());

/** The largest page the admin's list answers. */
export const ADMIN_PAGE_SIZE_MAX = Math.max(...ADMIN_PAGE_SIZES);

export const participant = (email: string) => ({ name: 'Riley Chen', email, state: 'WY', zipCode: '82001' });
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The `message` of a 400: a body or path the route's schema refuses names what was refused; a rule
 * the request breaks beyond its shape (a day not reached yet, a wrong code, an unknown state) says
 * 'Validation failed'. Either way the field messages say what to fix.
 */
export const VALIDATION_MESSAGES = {
  body: 'Invalid request body',
  path: 'Invalid path',
  query: 'Invalid query',
  rule: 'Validation failed',
} as const;

/**
 * Every member, as the admin's list answers them page by page (newest first), for checks over the
 * whole store (a target may start with members of its own).
 */
export async function allMembers(w: World, cookie: string): Promise<AdminMember[]> {
  const members: AdminMember[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await w.ok(api.adminMembers, { cookie, query: { page, pageSize: ADMIN_PAGE_SIZE_MAX } });
    members.push(...answer.items);
    if (answer.items.length === 0 || members.length >= answer.total) return members;
  }
}

// ---- the table -----------------------------------------------------------------------------------

export interface Expectation<R extends AnyRoute> {
  status: number;
  /** Error cases: the code, and per field either its message or `true` for "some message". */
  code?: ErrorCode;
  message?: string;
  fields?: Record<string, string | true>;
  /** Error cases: the whole `fields` object, exactly. */
  exactFields?: Record<string, string[]>;
  /** Success cases: further checks on the parsed body (and the answer's headers) and stored effects, over HTTP. */
  then?: (body: ResponseOf<R>, world: World, res: Res) => void | Promise<void>;
}

export interface Case {
  route: AnyRoute;
  title: string;
  expectedStatus: number;
  run: (world: World) => Promise<void>;
}

/**
 * One row of the table. Generic in the route so `then` receives the route's parsed response type,
 * then closed over into a plain `Case` so rows of different routes sit in one array.
 */
export function row<R extends AnyRoute>(
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
        await expectation.then?.(body, world, res);
        return;
      }
      const { error } = ApiErrorBody.parse(res.body);
      if (expectation.code) expect(error.code).toBe(expectation.code);
      if (expectation.message) expect(error.message).toBe(expectation.message);
      for (const [field, message] of Object.entries(expectation.fields ?? {})) {
        expect(error.fields?.[field], `fields.${field} in ${JSON.stringify(error)}`).toBeDefined();
        if (message !== true) expect(error.fields?.[field]).toContain(message);
      }
      if (expectation.exactFields) expect(error.fields, JSON.stringify(error)).toStrictEqual(expectation.exactFields);
    },
  };
}

export const invalid = (fields: Record<string, string | true>) => ({
  status: 400,
  code: 'validation_failed' as const,
  fields,
});
/** A 400 on one field whose messages are exactly `messages`. */
export const refusedField = (field: string, ...messages: string[]) => ({
  status: 400,
  code: 'validation_failed' as const,
  exactFields: { [field]: messages },
});
export const notFound = { status: 404, code: 'not_found' as const };
export const signInNeeded = { status: 401, code: 'unauthenticated' as const, message: SIGN_IN_MESSAGES.signInNeeded };
export const asAdmin = async (world: World, req: Req = {}): Promise<Req> => ({ ...req, cookie: await world.login() });

export interface Flow {
  title: string;
  run: (world: World) => Promise<void>;
}

/** Expects a 400 with exactly `fields`. */
export async function expectRefused(
  w: World,
  route: AnyRoute,
  req: Req,
  fields: Record<string, string[]>,
): Promise<void> {
  const res = await w.call(route, req);
  expect(res.status, `${route.method} ${route.path} answered ${JSON.stringify(res.body)}`).toBe(400);
  const { error } = ApiErrorBody.parse(res.body);
  expect(error.code).toBe('validation_failed');
  expect(error.fields).toStrictEqual(fields);
}
