/**
 * Scenario switches: small handler lists that override the defaults for one story or test.
 * MSW answers with the first matching handler, so put them in front of the defaults:
 * `msw.use(...scenarios.emptyLists)` in a story's `beforeEach({ msw })`, or
 * `server.use(...scenarios.serverError)` in a Vitest test.
 *
 * Overrides that answer fixed content (empty lists, errors, delays) do not check the admin session:
 * they exist to show a screen in a state, and a story should not have to sign in to see them.
 * Member routes need no such care: every browser counts as Jordan unless `signedOut` is in use.
 */
import { delay, http, type HttpHandler } from 'msw';
import {
  ADMIN_SECOND_FACTOR_MESSAGES,
  DEFAULT_MOVEMENT_GOAL,
  ERROR_CODES,
  SIGN_IN_MESSAGES,
  SIGN_IN_MINUTES,
  api,
  dashboardFigures,
  routeList,
  type ErrorCode,
  type MemberDashboard,
  type RouteDef,
} from '@prr/contract';
import {
  AppError,
  VALIDATION_MESSAGES,
  errorAnswer,
  fieldError,
  memberDashboard,
  memberView,
  newMember,
  rateLimited,
  requirePrompt,
} from '@prr/domain';
import { handle, jsonResponse, matchesApiPath, onRoute } from './contractHandler.js';
import { mockDb } from './db.js';
import { demoMember } from './fixtures/index.js';
import { createAdminHandlers } from './handlers/admin.js';
import { createInsightHandlers } from './handlers/insights.js';
import { createAdminActivityHandlers } from './handlers/adminActivity.js';
import { MOCK_RECOVERY_CODES, createAdminSecondFactorHandlers } from './handlers/adminSecondFactor.js';
import { createStoryAdminHandlers } from './handlers/stories.js';
import { signedIn } from './session.js';
import { mockStore } from './store.js';

type AnyRouteRef = Pick<RouteDef, 'method' | 'path'>;

/**
 * How long a mocked answer takes when a story or test needs the UI's pending state to come first
 * (a button busy, then the failure or success), as over a network: one setting for all of them.
 */
export const NETWORK_DELAY_MS = 100;

/**
 * Holds the route's answer for `duration` ms (a network's, by default), then lets the default
 * handler answer (a resolver that returns nothing makes MSW try the next handler). 'infinite' never
 * answers: a loading state.
 */
export function delayed(route: AnyRouteRef, duration: number | 'infinite' = NETWORK_DELAY_MS): HttpHandler {
  return onRoute(route, async () => {
    await delay(duration);
  });
}

/**
 * Holds the route's answer until the test calls `release()`, then lets the default handler answer:
 * a pending state lasts exactly as long as the test that checks it needs, whatever the machine's load.
 */
export function held(route: AnyRouteRef): { handler: HttpHandler; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    handler: onRoute(route, async () => {
      await gate;
    }),
    release: () => release(),
  };
}

const DEFAULT_MESSAGES: Record<number, string> = {
  400: VALIDATION_MESSAGES.body,
  401: 'Please sign in as the admin',
  404: 'Not found',
  409: 'Conflict',
  429: 'Too many requests, please try again later',
  500: 'Something went wrong on our side',
  503: 'The service is unavailable, please try again later',
};

/** A scenario's 429 asks to wait as long as the server's sign-in windows last. */
const RETRY_AFTER_MS = SIGN_IN_MINUTES * 60_000;

/** The first error code for a status, so `failing(route, 503)` answers a code that matches it. */
function codeForStatus(status: number): ErrorCode {
  const match = (Object.keys(ERROR_CODES) as ErrorCode[]).find((code) => ERROR_CODES[code] === status);
  return match ?? (status >= 500 ? 'internal' : 'bad_request');
}

/**
 * The route answers the server's error shape with this status, whatever the input (a 429 with
 * Retry-After, as the server sends it): each error toast can be shown with e.g.
 * `failing(api.joinMovement, 500)`. It answers after a network's delay, as the server does: the UI's
 * pending state (a disabled, focused button) always comes before the failure, never after it.
 */
export function failing(
  route: AnyRouteRef,
  status = 500,
  message = DEFAULT_MESSAGES[status] ?? 'Request failed',
): HttpHandler {
  const error = status === 429 ? rateLimited(message, RETRY_AFTER_MS) : new AppError(codeForStatus(status), message);
  // The status asked for, even one no error code has.
  const { body, headers } = errorAnswer(error);
  return onRoute(route, async () => {
    await delay(NETWORK_DELAY_MS);
    return jsonResponse(body, status, headers);
  });
}

/** The same as `failing`, under the name the issue uses for per-route errors. */
export const errorOn = failing;

/**
 * The dashboard's one answer (GET /api/me/dashboard) as the default handler makes it from the mock
 * store, changed by `change`: the first screen in a state a story or test shows.
 */
export function dashboardAnswer(change: (dashboard: MemberDashboard) => MemberDashboard): HttpHandler {
  return handle(api.memberDashboard, async ({ memberId }) =>
    change(await memberDashboard(mockStore, signedIn(memberId), mockDb.now())),
  );
}

/** The dashboard's answer with nothing recorded yet: no reflection today or before, no achievement. */
const nothingRecorded = (dashboard: MemberDashboard): MemberDashboard => ({
  ...dashboard,
  today: null,
  recent: [],
  figures: dashboardFigures(dashboard.member.currentDay, []),
  achievements: [],
});

const adminRoutes = routeList.filter((route) => route.auth === 'admin');
const readRoutes = routeList.filter((route) => route.method === 'GET');
const memberReads = [api.reflections, api.achievements, api.rippleEffects] as const;

const emptyAdminStats = { totalMembers: 0, totalParticipation: 0, stateCount: 0 };

/** Jordan as the join makes a member, joined this very moment. */
const newJordan = () => memberView({ ...newMember(demoMember, mockDb.now()), id: demoMember.id }, mockDb.now());

/**
 * Answers nothing: it makes a browser without a member cookie count as signed out (no ambient
 * member) and lets the next handler answer, so signing in with a code or link still works.
 */
const signedOutBrowser = http.all(matchesApiPath('/api/*'), () => {
  mockDb.ambientMemberId = null;
});

/**
 * Gives the admin these second factors (with the recovery codes, when the first one comes) as the
 * password is checked, then lets the default handler answer (handlers/adminSecondFactor.ts).
 */
function adminFactors(factors: { passkey?: boolean; totp?: boolean; required?: boolean }): HttpHandler {
  return onRoute(api.adminLogin, () => {
    const current = mockDb.adminFactors;
    const first = !current.passkey && !current.totp && (factors.passkey === true || factors.totp === true);
    if (first) current.recoveryCodes = [...MOCK_RECOVERY_CODES];
    current.passkey ||= factors.passkey === true;
    current.totp ||= factors.totp === true;
    current.required ||= factors.required === true;
  });
}

export const scenarios = {
  /** Every list empty: products, testimonials, the map (total 0), the admin's members and stats. */
  emptyLists: [
    handle(api.featuredProducts, () => []),
    handle(api.testimonials, () => []),
    handle(api.mapStates, () => []),
    handle(api.movementStats, () => ({ goal: DEFAULT_MOVEMENT_GOAL, total: 0 })),
    handle(api.adminMembers, ({ query }) => ({ items: [], total: 0, page: query.page, pageSize: query.pageSize }), {
      auth: 'skip',
    }),
    handle(api.adminStats, () => emptyAdminStats, { auth: 'skip' }),
    handle(api.adminStories, () => [], { auth: 'skip' }),
    ...memberReads.map((route) => handle(route, () => [])),
    dashboardAnswer(nothingRecorded),
  ],

  /** A member who joined today: day 1, 25 points, nothing recorded yet. */
  newMember: [
    handle(api.me, () => newJordan()),
    ...memberReads.map((route) => handle(route, () => [])),
    dashboardAnswer((dashboard) => {
      const member = newJordan();
      return nothingRecorded({ ...dashboard, member, prompt: requirePrompt(member.currentDay) });
    }),
  ],

  /** Every read waits forever: skeletons and 'Loading...' texts. */
  loading: readRoutes.map((route) => delayed(route, 'infinite')),

  /**
   * No member signed in: a browser without a member cookie gets 401 from the member routes (the
   * dashboard shows the e-mail entry) until it signs in with a code or link, which still works.
   */
  signedOut: [signedOutBrowser],

  /** Signed out, and the sign-in request answers 404 whatever the address: 'Member Not Found'. */
  memberNotFound: [signedOutBrowser, failing(api.requestSignIn, 404, 'Member not found')],

  /** Every code is wrong: the 'Check your e-mail' step shows SIGN_IN_MESSAGES.wrongCode. */
  signInCodeWrong: [
    handle(api.signInWithCode, () => {
      throw fieldError('code', SIGN_IN_MESSAGES.wrongCode);
    }),
  ],

  /** Every code and one-time link has expired (or was used): codeExpired and linkExpired. */
  signInExpired: [
    handle(api.signInWithCode, () => {
      throw fieldError('code', SIGN_IN_MESSAGES.codeExpired);
    }),
    handle(api.signInWithLink, () => {
      throw fieldError('token', SIGN_IN_MESSAGES.linkExpired);
    }),
  ],

  /** The address had its sign-in e-mails for now: asking (again) answers 429 tooManyForAddress. */
  signInResendLimit: [
    handle(api.requestSignIn, () => {
      throw rateLimited(SIGN_IN_MESSAGES.tooManyForAddress, RETRY_AFTER_MS);
    }),
  ],

  /** The network asked too often: the sign-in request answers 429 tooManyFromNetwork. */
  signInNetworkLimit: [
    handle(api.requestSignIn, () => {
      throw rateLimited(SIGN_IN_MESSAGES.tooManyFromNetwork, RETRY_AFTER_MS);
    }),
  ],

  /** Every route answers 500. For one route only, use `failing(api.x, 500)`. */
  serverError: routeList.map((route) => failing(route, 500)),

  /** Every admin route answers 401, as after the session expired. */
  adminUnauthenticated: adminRoutes.map((route) => failing(route, 401)),

  /** The admin routes answer as if the demo admin were signed in, without a login first. */
  adminSignedIn: [
    ...createAdminHandlers({ auth: 'skip' }),
    ...createStoryAdminHandlers({ auth: 'skip' }),
    ...createAdminActivityHandlers({ auth: 'skip' }),
    ...createAdminSecondFactorHandlers({ auth: 'skip' }),
    ...createInsightHandlers({ auth: 'skip' }),
  ],

  /** The admin has a passkey (and TOTP and the recovery codes): after the password, "Use your passkey". */
  adminWithPasskey: [adminFactors({ passkey: true, totp: true })],

  /** The admin has TOTP only: after the password, the authenticator code (MOCK_TOTP_CODE). */
  adminWithTotp: [adminFactors({ totp: true })],

  /** A second factor is required and the admin has none: after the password, the enrolment. */
  adminMustEnrol: [adminFactors({ required: true })],

  /** Every second-factor code is wrong and every passkey answer refused, whatever is typed. */
  adminSecondFactorWrong: [
    ...[api.adminTotpSignIn, api.adminRecoveryCodeSignIn, api.adminTotpEnrol].map((route) =>
      failing(route, 401, ADMIN_SECOND_FACTOR_MESSAGES.wrongCode),
    ),
    ...[api.adminPasskeySignIn, api.adminPasskeyEnrol].map((route) =>
      failing(route, 401, ADMIN_SECOND_FACTOR_MESSAGES.passkeyRefused),
    ),
  ],

  /** The demo admin's password was changed: the login screen shows no demo-credentials box. */
  demoCredentialsHidden: [handle(api.adminLoginInfo, () => ({ demoCredentials: null }))],
} satisfies Record<string, readonly HttpHandler[]>;

export type ScenarioName = keyof typeof scenarios;
