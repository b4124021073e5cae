/**
 * The one route table: the server mounts it, the MSW handlers answer it and the client calls it.
 * Paths use the `:param` syntax that both @koa/router and MSW understand.
 */
import { z } from 'zod';
import { MEMBER_READ_PATHS } from './memberReadPaths.js';
import * as ins from './insights.js';
import * as s from './schemas.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type RouteAuth = 'public' | 'admin' | 'member';

export interface RouteDef<
  M extends HttpMethod = HttpMethod,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: M;
  path: string;
  params: P;
  /** The query string's schema (GET routes); its fields arrive as strings, so numbers coerce. */
  query: Q;
  body: B;
  response: R;
  /** Status of a successful answer. */
  status: number;
  /** 'admin' / 'member': refused with 401 without an admin / member session. */
  auth: RouteAuth;
  /** Called by the UI with `on401: 'returnNull'` (docs/product/api.md#conventions). */
  tolerate401?: boolean;
  /** Query retries: none unless a call says so (docs/product/api.md#conventions). */
  retry?: number;
}

function route<
  M extends HttpMethod,
  R extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(def: {
  method: M;
  path: string;
  response: R;
  params?: P;
  query?: Q;
  body?: B;
  status?: number;
  auth?: RouteAuth;
  tolerate401?: boolean;
  retry?: number;
}): RouteDef<M, P, B, R, Q> {
  return {
    ...def,
    params: def.params as P,
    query: def.query as Q,
    body: def.body as B,
    status: def.status ?? 200,
    auth: def.auth ?? 'public',
  };
}

export const api = {
  featuredProducts: route({ method: 'GET', path: '/api/products/featured', response: z.array(s.FeaturedProduct) }),
  testimonials: route({ method: 'GET', path: '/api/testimonials', response: z.array(s.Testimonial) }),
  joinMovement: route({ method: 'POST', path: '/api/movement/join', body: s.JoinRequest, response: s.JoinResponse }),
  movementStats: route({ method: 'GET', path: '/api/movement/stats', response: s.MovementStats }),
  mapStates: route({ method: 'GET', path: '/api/map/states', response: s.StateParticipationList }),

  // Member sign-in: no password; the address is proved by a code or link sent to it.
  requestSignIn: route({ method: 'POST', path: '/api/sign-in', body: s.SignInRequest, response: s.SignInRequested }),
  signInWithCode: route({ method: 'POST', path: '/api/sign-in/code', body: s.SignInCodeRequest, response: s.Member }),
  signInWithLink: route({ method: 'POST', path: '/api/sign-in/link', body: s.SignInLinkRequest, response: s.Member }),
  /** Whose key this is, without using it up (the page asks before it switches members). */
  checkSignInLink: route({
    method: 'POST',
    path: '/api/sign-in/link/check',
    body: s.SignInLinkRequest,
    response: s.SignInLinkInfo,
  }),

  // The signed-in member's own data: the member comes from the session cookie, never the URL.
  me: route({ method: 'GET', path: MEMBER_READ_PATHS.me, response: s.Member, auth: 'member', tolerate401: true }),
  signOut: route({ method: 'POST', path: '/api/me/sign-out', response: s.SignOutResponse, auth: 'member' }),
  /** Ends every session and every e-mail key of the member, this browser's too. */
  signOutEverywhere: route({
    method: 'POST',
    path: '/api/me/sign-out-everywhere',
    response: s.SignOutResponse,
    auth: 'member',
  }),
  /** The dashboard's first screen in one answer; the signed-out page never asks (docs/decisions/033-one-request-dashboard.md). */
  memberDashboard: route({
    method: 'GET',
    path: MEMBER_READ_PATHS.dashboard,
    response: s.MemberDashboard,
    auth: 'member',
    tolerate401: true,
  }),
  reflections: route({ method: 'GET', path: '/api/me/reflections', response: s.ReflectionList, auth: 'member' }),
  saveReflection: route({
    method: 'POST',
    path: '/api/me/reflections',
    body: s.ReflectionRequest,
    response: s.ReflectionSaved,
    auth: 'member',
  }),
  rippleEffects: route({ method: 'GET', path: '/api/me/ripple-effects', response: s.RippleEffectList, auth: 'member' }),
  recordRippleEffect: route({
    method: 'POST',
    path: '/api/me/ripple-effects',
    body: s.RippleEffectRequest,
    response: s.RippleEffect,
    status: 201,
    auth: 'member',
  }),
  achievements: route({ method: 'GET', path: '/api/me/achievements', response: s.AchievementList, auth: 'member' }),
  /** The dashboard celebrated this level: `levelUp` is null until the next one. */
  levelUpSeen: route({
    method: 'POST',
    path: '/api/me/level-up/seen',
    body: s.LevelUpSeenRequest,
    response: s.Member,
    auth: 'member',
  }),
  invite: route({ method: 'GET', path: '/api/me/invite', response: s.InviteInfo, auth: 'member' }),
  myStories: route({ method: 'GET', path: '/api/me/stories', response: s.MemberStoryList, auth: 'member' }),
  /** 409 while one of the member's stories is pending or approved. */
  shareStory: route({
    method: 'POST',
    path: '/api/me/stories',
    body: s.StoryRequest,
    response: s.MemberStory,
    status: 201,
    auth: 'member',
  }),
  /** Everything stored about the member, as a JSON download (Content-Disposition: attachment). */
  exportMyData: route({ method: 'GET', path: '/api/me/export', response: s.MemberExport, auth: 'member' }),
  /** Deletes the member and everything of theirs, and ends the session. */
  deleteAccount: route({ method: 'DELETE', path: '/api/me', response: s.AccountDeleted, auth: 'member' }),
  chooseAfterExperiment: route({
    method: 'PATCH',
    path: '/api/me/after-experiment',
    body: s.AfterExperimentRequest,
    response: s.Member,
    auth: 'member',
  }),
  reflectionPrompt: route({
    method: 'GET',
    path: '/api/reflection-prompts/:day',
    params: s.DayParam,
    response: s.ReflectionPrompt,
  }),
  updateEmailSettings: route({
    method: 'PATCH',
    path: '/api/me/email-settings',
    body: s.EmailSettings,
    response: s.EmailSettings,
    auth: 'member',
  }),
  unsubscribe: route({
    method: 'POST',
    path: '/api/email/unsubscribe',
    body: s.UnsubscribeRequest,
    response: s.UnsubscribeResponse,
  }),

  adminLoginInfo: route({ method: 'GET', path: '/api/admin/login', response: s.AdminLoginInfo }),
  adminLogin: route({
    method: 'POST',
    path: '/api/admin/login',
    body: s.AdminLoginRequest,
    response: s.AdminLoginResponse,
  }),
  adminSession: route({ method: 'GET', path: '/api/admin/session', response: s.AdminSession, auth: 'admin' }),
  // The second factor (docs/decisions/027-admin-second-factor.md): 'public' in the table, but each
  // answers 401 unless the password step's short pending cookie is present, for the right stage.
  adminPasskeyOptions: route({ method: 'POST', path: '/api/admin/login/passkey/options', response: s.PasskeyOptions }),
  adminPasskeySignIn: route({
    method: 'POST',
    path: '/api/admin/login/passkey',
    body: s.PasskeyCredential,
    response: s.AdminSignedIn,
  }),
  adminTotpSignIn: route({
    method: 'POST',
    path: '/api/admin/login/totp',
    body: s.SecondFactorCode,
    response: s.AdminSignedIn,
  }),
  adminRecoveryCodeSignIn: route({
    method: 'POST',
    path: '/api/admin/login/recovery-code',
    body: s.SecondFactorCode,
    response: s.AdminSignedIn,
  }),
  adminPasskeyEnrolOptions: route({
    method: 'POST',
    path: '/api/admin/login/enrol/passkey/options',
    response: s.PasskeyOptions,
  }),
  adminPasskeyEnrol: route({
    method: 'POST',
    path: '/api/admin/login/enrol/passkey',
    body: s.PasskeyCredential,
    response: s.AdminEnrolled,
    status: 201,
  }),
  adminTotpEnrolStart: route({ method: 'POST', path: '/api/admin/login/enrol/totp/options', response: s.TotpSetup }),
  adminTotpEnrol: route({
    method: 'POST',
    path: '/api/admin/login/enrol/totp',
    body: s.SecondFactorCode,
    response: s.AdminEnrolled,
    status: 201,
  }),
  /** New recovery codes, shown once; the old ones stop working. */
  regenerateRecoveryCodes: route({
    method: 'POST',
    path: '/api/admin/recovery-codes',
    response: s.RecoveryCodes,
    auth: 'admin',
  }),
  adminLogout: route({ method: 'POST', path: '/api/admin/logout', response: s.LogoutResponse, auth: 'admin' }),
  /** Needs the current password; every other session of the admin ends. */
  changeAdminPassword: route({
    method: 'POST',
    path: '/api/admin/password',
    body: s.AdminPasswordChange,
    response: s.AdminPasswordChanged,
    auth: 'admin',
  }),
  adminStats: route({ method: 'GET', path: '/api/admin/stats', response: s.AdminStats, auth: 'admin', retry: 1 }),
  /** A page of participants; the dashboard's 'Recent Participants' asks for the newest 10. */
  adminMembers: route({
    method: 'GET',
    path: '/api/admin/members',
    query: s.AdminMemberQuery,
    response: s.AdminMemberPage,
    auth: 'admin',
    retry: 1,
  }),
  addParticipant: route({
    method: 'POST',
    path: '/api/admin/members',
    body: s.ParticipantRequest,
    response: s.AdminMember,
    status: 201,
    auth: 'admin',
  }),
  updateParticipant: route({
    method: 'PATCH',
    path: '/api/admin/members/:id',
    params: s.MemberIdParam,
    body: s.ParticipantUpdate,
    response: s.AdminMember,
    auth: 'admin',
  }),
  setParticipantStatus: route({
    method: 'PATCH',
    path: '/api/admin/members/:id/status',
    params: s.MemberIdParam,
    body: s.ParticipantStatusRequest,
    response: s.AdminMember,
    auth: 'admin',
  }),
  /** Removes the participant and everything of theirs (reflections, achievements, sessions, e-mail log). */
  deleteParticipant: route({
    method: 'DELETE',
    path: '/api/admin/members/:id',
    params: s.MemberIdParam,
    response: s.ParticipantDeleted,
    auth: 'admin',
  }),
  recalculatePreview: route({
    method: 'GET',
    path: '/api/admin/recalculate-states',
    response: s.RecalculatePreview,
    auth: 'admin',
  }),
  recalculateStates: route({
    method: 'POST',
    path: '/api/admin/recalculate-states',
    response: s.RecalculateResponse,
    auth: 'admin',
  }),
  /** Stories of one status (pending by default), oldest submitted first for pending, newest first otherwise. */
  adminStories: route({
    method: 'GET',
    path: '/api/admin/stories',
    query: s.AdminStoryQuery,
    response: s.AdminStoryList,
    auth: 'admin',
    retry: 1,
  }),
  /** Approve (+15 to the member, once; the story joins the home page's reviews) or reject; 409 once reviewed. */
  reviewStory: route({
    method: 'POST',
    path: '/api/admin/stories/:id/review',
    params: s.StoryIdParam,
    body: s.StoryReviewRequest,
    response: s.AdminStory,
    auth: 'admin',
  }),
  /** The admin's actions of the last year, newest first (docs/product/rules.md#security-events). */
  adminActivity: route({
    method: 'GET',
    path: '/api/admin/activity',
    query: s.PageQuery,
    response: s.AdminActivityPage,
    auth: 'admin',
    retry: 1,
  }),
  /** What the 90 days show, filtered; figures over fewer than the minimum of members are hidden (docs/product/insights.md). */
  adminInsights: route({
    method: 'GET',
    path: '/api/admin/insights',
    query: ins.InsightsQuery,
    response: ins.Insights,
    auth: 'admin',
    retry: 1,
  }),
  /** Drops the cached figures, so the next read computes them afresh. */
  refreshInsights: route({
    method: 'POST',
    path: '/api/admin/insights/refresh',
    response: ins.InsightsRefreshed,
    auth: 'admin',
  }),
  adminImpact: route({ method: 'GET', path: '/api/admin/impact', response: ins.PublishedImpact, auth: 'admin' }),
  /** Publishes the whole movement's evidence as of now on /impact, replacing any earlier snapshot. */
  publishImpact: route({
    method: 'POST',
    path: '/api/admin/impact',
    response: ins.ImpactSnapshot,
    status: 201,
    auth: 'admin',
  }),
  /** Takes /impact down (404 again); 409 when nothing is published. */
  withdrawImpact: route({ method: 'DELETE', path: '/api/admin/impact', response: ins.ImpactWithdrawn, auth: 'admin' }),
  /** The published evidence; 404 while nothing is published. */
  impact: route({ method: 'GET', path: '/api/impact', response: ins.ImpactSnapshot }),
  /** Puts back the counts the last 'Update Map' replaced; once (409 when there is nothing to undo). */
  undoRecalculateStates: route({
    method: 'POST',
    path: '/api/admin/recalculate-states/undo',
    response: s.RecalculateResponse,
    auth: 'admin',
  }),
} as const;

/**
 * The CSV export of the participants a filter shows: not JSON, so outside the `api` table; the
 * server streams it and the mocks build it with the same rows (docs/product/api.md#admin).
 */
export const participantsExport = {
  method: 'GET',
  path: '/api/admin/members/export',
  query: s.AdminMemberFilter,
  auth: 'admin',
  contentType: 'text/csv; charset=utf-8',
  filename: 'participants.csv',
} as const;

/** The CSV export of the admin's actions, newest first: streamed like the participants'. */
export const adminActivityExport = {
  method: 'GET',
  path: '/api/admin/activity/export',
  auth: 'admin',
  contentType: 'text/csv; charset=utf-8',
  filename: 'admin-activity.csv',
} as const;

/** Every aggregate Insights shows for a filter, as one CSV (hidden figures say so). */
export const insightsExport = {
  method: 'GET',
  path: '/api/admin/insights/export',
  query: ins.InsightsQuery,
  auth: 'admin',
  contentType: 'text/csv; charset=utf-8',
  filename: 'insights.csv',
} as const;

/** The member's daily figures as CSV, beside the JSON of 'Download my data'. */
export const myDailyFiguresExport = {
  method: 'GET',
  path: '/api/me/export/daily.csv',
  auth: 'member',
  contentType: 'text/csv; charset=utf-8',
  filename: 'my-daily-figures.csv',
} as const;

export type Api = typeof api;
export type RouteName = keyof Api;
export type AnyRoute = Api[RouteName];

type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
export type ParamsOf<R extends RouteDef> = Infer<R['params']>;
export type QueryOf<R extends RouteDef> = Infer<R['query']>;
export type BodyOf<R extends RouteDef> = Infer<R['body']>;
export type ResponseOf<R extends RouteDef> = z.output<R['response']>;

/** Fills `:name` segments, URI-encoding each value. */
export function pathFor(route: Pick<RouteDef, 'path'>, params?: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A query object as a search string ('' when empty): fields in key order, values left out when
 * undefined or '', so equal queries give equal URLs (and cache keys).
 */
export function searchFor(query?: Record<string, string | number | undefined>): string {
  if (!query) return '';
  const entries = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]): [string, string] => [key, String(value)]);
  const search = new URLSearchParams(entries).toString();
  return search ? `?${search}` : '';
}

export const routeList: readonly AnyRoute[] = Object.values(api);
