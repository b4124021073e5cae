/** One hook per endpoint, all built from the route table (docs/conventions.md#fetching). */
import {
  adminActivityExport,
  api,
  participantsExport,
  type AdminMemberFilter,
  type AdminMemberQuery,
  type InsightsQueryInput,
  type Member,
  type PageQuery,
  type StoryStatus,
} from '@prr/contract';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { draftStore } from '../hooks/useDraft';
import { memberEmailStore } from '../hooks/useMemberEmail';
import { fetchAdminActivityCsv } from './adminActivityExport';
import { fetchParticipantsCsv } from './participantsExport';
import { forgetMemberReads, isUnauthenticated, setSignedInMember } from './memberSession';
import { routeQuery, tolerant401Query, useRouteMutation, type RouteMutationOptions } from './routeQuery';

// Public content
export const useFeaturedProducts = () => useQuery(routeQuery(api.featuredProducts));
export const useTestimonials = () => useQuery(routeQuery(api.testimonials));
export const useMovementStats = () => useQuery(routeQuery(api.movementStats));
export const useMapStates = () => useQuery(routeQuery(api.mapStates));
/** The evidence published on /impact; a 404 while nothing is (docs/product/insights.md). */
export const useImpact = () => useQuery(routeQuery(api.impact));

export function useJoinMovement(options: RouteMutationOptions<typeof api.joinMovement> = {}) {
  const queryClient = useQueryClient();
  return useRouteMutation(api.joinMovement, {
    invalidates: [api.movementStats],
    ...options,
    onSuccess: async (...args) => {
      // A new address signs its member in in this browser: whoever was signed in before is history.
      forgetMemberReads(queryClient);
      await options.onSuccess?.(...args);
    },
  });
}

// The signed-in member (GET /api/me; null: nobody) and their own data. The member comes from the
// session cookie, so no read has a key to wait for except the prompt, which waits for the day
// (a read with a key waits for it). The member reads are only mounted under a signed-in member's dashboard.
export const useMe = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...tolerant401Query(api.me), enabled });
export const useReflections = () => useQuery(routeQuery(api.reflections));
export const useRippleEffects = () => useQuery(routeQuery(api.rippleEffects));
export const useAchievements = () => useQuery(routeQuery(api.achievements));
export const useReflectionPrompt = (member: Pick<Member, 'currentDay'> | undefined) =>
  useQuery(routeQuery(api.reflectionPrompt, member ? { day: member.currentDay } : undefined));

export const useSaveReflection = (options: RouteMutationOptions<typeof api.saveReflection> = {}) =>
  useRouteMutation(api.saveReflection, {
    // The dashboard's answer carries the member (points and level) and the achievements, and fills
    // their reads in again (memberDashboard.ts): one request refreshes the first screen.
    invalidates: [api.memberDashboard, api.reflections, api.achievements],
    ...options,
  });
export const useRecordRippleEffect = (options: RouteMutationOptions<typeof api.recordRippleEffect> = {}) =>
  useRouteMutation(api.recordRippleEffect, { invalidates: [api.rippleEffects], ...options });
export const useUpdateEmailSettings = (options: RouteMutationOptions<typeof api.updateEmailSettings> = {}) =>
  useRouteMutation(api.updateEmailSettings, { invalidates: [api.me], ...options });

// Member sign-in: the e-mail entry asks for a code and link; either one signs the browser in.
export const useRequestSignIn = (options: RouteMutationOptions<typeof api.requestSignIn> = {}) =>
  useRouteMutation(api.requestSignIn, options);

/** After a sign-in: this member is the one signed in, nobody else's reads are kept, the e-mail is remembered. */
function signedIn(queryClient: QueryClient, member: Member): void {
  setSignedInMember(queryClient, member);
  memberEmailStore.remember(member.email);
}

export function useSignInWithCode(options: RouteMutationOptions<typeof api.signInWithCode> = {}) {
  const queryClient = useQueryClient();
  return useRouteMutation(api.signInWithCode, {
    ...options,
    onSuccess: async (...args) => {
      signedIn(queryClient, args[0]);
      await options.onSuccess?.(...args);
    },
  });
}

export function useSignInWithLink(options: RouteMutationOptions<typeof api.signInWithLink> = {}) {
  const queryClient = useQueryClient();
  return useRouteMutation(api.signInWithLink, {
    ...options,
    onSuccess: async (...args) => {
      signedIn(queryClient, args[0]);
      await options.onSuccess?.(...args);
    },
  });
}

/**
 * The session ended (a sign-out, or the account deleted): in this browser nobody is signed in, no
 * member read is kept, and the form drafts and the e-mail kept for the browser session go away.
 */
export function signedOutInThisBrowser(queryClient: QueryClient): void {
  setSignedInMember(queryClient, null);
  draftStore.clearAll();
  memberEmailStore.forget();
}

/**
 * Ends the session on the server, then in this browser (signedOutInThisBrowser). A 401 means the
 * server had already ended it, which is just as good.
 */
export function useSignOut(options: RouteMutationOptions<typeof api.signOut> = {}) {
  const queryClient = useQueryClient();
  const signedOut = () => signedOutInThisBrowser(queryClient);
  return useRouteMutation(api.signOut, {
    ...options,
    onSuccess: async (...args) => {
      signedOut();
      await options.onSuccess?.(...args);
    },
    onError: async (...args) => {
      if (isUnauthenticated(args[0])) signedOut();
      await options.onError?.(...args);
    },
  });
}

// Admin
export const useAdminLoginInfo = () => useQuery(routeQuery(api.adminLoginInfo));
export const useAdminStats = () => useQuery(routeQuery(api.adminStats));
/** A page of participants; the dashboard's recent card asks for the newest ADMIN_RECENT_MEMBERS. */
export const useAdminMembers = (query: Partial<AdminMemberQuery> = {}) =>
  useQuery({ ...routeQuery(api.adminMembers, undefined, query), placeholderData: keepPreviousData });
export const useAdminLogin = (options: RouteMutationOptions<typeof api.adminLogin> = {}) =>
  useRouteMutation(api.adminLogin, options);
export const useAdminLogout = (options: RouteMutationOptions<typeof api.adminLogout> = {}) =>
  useRouteMutation(api.adminLogout, options);
/**
 * What adding or changing a participant refreshes (docs/product/rules.md#admin-participants):
 * every page of the list, the admin stats, the map, the movement stats and Update Map's preview.
 */
const participantChanges = [
  api.adminMembers,
  api.adminStats,
  api.mapStates,
  api.movementStats,
  api.recalculatePreview,
] as const;
export const useAddParticipant = (options: RouteMutationOptions<typeof api.addParticipant> = {}) =>
  useRouteMutation(api.addParticipant, { invalidates: participantChanges, ...options });
export const useUpdateParticipant = (options: RouteMutationOptions<typeof api.updateParticipant> = {}) =>
  useRouteMutation(api.updateParticipant, { invalidates: participantChanges, ...options });
export const useSetParticipantStatus = (options: RouteMutationOptions<typeof api.setParticipantStatus> = {}) =>
  useRouteMutation(api.setParticipantStatus, { invalidates: participantChanges, ...options });
export const useDeleteParticipant = (options: RouteMutationOptions<typeof api.deleteParticipant> = {}) =>
  useRouteMutation(api.deleteParticipant, { invalidates: participantChanges, ...options });
/**
 * The CSV of the participants a filter shows, as a Blob for the browser to save
 * (docs/decisions/022-admin-participants-at-scale.md: fetched rather than linked, so a 401 or a
 * failure is told instead of saved as the file).
 */
export const useParticipantsExport = (
  options: Omit<UseMutationOptions<Blob, Error, AdminMemberFilter>, 'mutationFn'> = {},
) =>
  useMutation({
    ...options,
    meta: { ...options.meta, auth: participantsExport.auth },
    mutationFn: fetchParticipantsCsv,
  });
/**
 * A page of the admin's actions, newest first. Asked again whenever the page mounts: each admin
 * change since the last answer added an action.
 */
export const useAdminActivity = (query: Partial<PageQuery> = {}) =>
  useQuery({
    ...routeQuery(api.adminActivity, undefined, query),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
/** The admin's actions as CSV, a Blob for the browser to save (fetched, like the participants' export). */
export const useAdminActivityExport = (options: Omit<UseMutationOptions<Blob, Error, void>, 'mutationFn'> = {}) =>
  useMutation({
    ...options,
    meta: { ...options.meta, auth: adminActivityExport.auth },
    mutationFn: fetchAdminActivityCsv,
  });
/** Everything a map update or its undo changes: the map, its totals and what the next update would do. */
const mapUpdateReads = [api.mapStates, api.movementStats, api.adminStats, api.recalculatePreview] as const;
export const useRecalculateStates = (options: RouteMutationOptions<typeof api.recalculateStates> = {}) =>
  useRouteMutation(api.recalculateStates, { invalidates: mapUpdateReads, ...options });
/**
 * What 'Update Map' would change, and whether the last update can be undone. Asked again whenever
 * a reader mounts (the confirmation opens): members may have joined or left since the last answer.
 */
export const useRecalculatePreview = () =>
  useQuery({ ...routeQuery(api.recalculatePreview), refetchOnMount: 'always' });
export const useUndoRecalculateStates = (options: RouteMutationOptions<typeof api.undoRecalculateStates> = {}) =>
  useRouteMutation(api.undoRecalculateStates, { invalidates: mapUpdateReads, ...options });
export const useChangeAdminPassword = (options: RouteMutationOptions<typeof api.changeAdminPassword> = {}) =>
  useRouteMutation(api.changeAdminPassword, options);
/** The stories of one status for the admin's review (docs/product/screens.md#admin-stories); the nav's count reads the pending ones. */
export const useAdminStories = (status: StoryStatus) => useQuery(routeQuery(api.adminStories, undefined, { status }));
/**
 * Approve or reject a story. Every status list changes, and an approval changes the home page's
 * reviews and the member's points and stories (docs/product/rules.md#stories).
 */
export const useReviewStory = (options: RouteMutationOptions<typeof api.reviewStory> = {}) =>
  useRouteMutation(api.reviewStory, {
    invalidates: [api.adminStories, api.testimonials, api.me, api.memberDashboard],
    ...options,
  });
/**
 * The organiser's Insights for a filter (docs/product/insights.md). No placeholder while a new
 * filter loads: another filter's figures under this one's name would be read as this one's.
 */
export const useInsights = (query: InsightsQueryInput = {}) =>
  useQuery(routeQuery(api.adminInsights, undefined, query));
/** Drops the server's cached figures; every filter's Insights is then read again. */
export const useRefreshInsights = (options: RouteMutationOptions<typeof api.refreshInsights> = {}) =>
  useRouteMutation(api.refreshInsights, { invalidates: [api.adminInsights], ...options });
/** What is published on /impact (snapshot null: nothing). */
export const useAdminImpact = () => useQuery(routeQuery(api.adminImpact));
/** Publishing or withdrawing changes what the admin sees published and what /impact answers. */
const impactReads = [api.adminImpact, api.impact] as const;
export const usePublishImpact = (options: RouteMutationOptions<typeof api.publishImpact> = {}) =>
  useRouteMutation(api.publishImpact, { invalidates: impactReads, ...options });
export const useWithdrawImpact = (options: RouteMutationOptions<typeof api.withdrawImpact> = {}) =>
  useRouteMutation(api.withdrawImpact, { invalidates: impactReads, ...options });
