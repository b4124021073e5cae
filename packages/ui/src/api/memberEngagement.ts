/**
 * The dashboard's calls beyond the daily reflection (docs/product/api.md#member-data): the level-up
 * celebration's acknowledgement, the invite link, the member's shared stories and the choice after
 * day 90. Built from the route table like hooks.ts (docs/conventions.md#fetching).
 */
import { api, type Member } from '@prr/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './memberSession';
import { routeQuery, useRouteMutation, type RouteMutationOptions } from './routeQuery';

export const useInvite = () => useQuery(routeQuery(api.invite));
/** The member's stories, newest first: the first one is the status the dashboard shows. */
export const useMyStories = () => useQuery(routeQuery(api.myStories));

/** These calls answer the member's new view: it replaces the cached one, no second GET /api/me. */
function replaceMember(queryClient: QueryClient, member: Member): void {
  queryClient.setQueryData<Member | null>(meQueryKey, member);
}

/** POST /api/me/level-up/seen: the celebrated level is not shown again (`levelUp` turns null). */
export function useLevelUpSeen(options: RouteMutationOptions<typeof api.levelUpSeen> = {}) {
  const queryClient = useQueryClient();
  return useRouteMutation(api.levelUpSeen, {
    ...options,
    onSuccess: async (...args) => {
      replaceMember(queryClient, args[0]);
      await options.onSuccess?.(...args);
    },
  });
}

/** A new story is pending: the dashboard (which shows its status) and the member's list are asked again. */
export const useShareStory = (options: RouteMutationOptions<typeof api.shareStory> = {}) =>
  useRouteMutation(api.shareStory, { invalidates: [api.memberDashboard, api.myStories], ...options });

/** 'Keep my daily reflection e-mail' / 'Stop the e-mails': the answer carries the choice and the reminders. */
export function useChooseAfterExperiment(options: RouteMutationOptions<typeof api.chooseAfterExperiment> = {}) {
  const queryClient = useQueryClient();
  return useRouteMutation(api.chooseAfterExperiment, {
    ...options,
    onSuccess: async (...args) => {
      replaceMember(queryClient, args[0]);
      await options.onSuccess?.(...args);
    },
  });
}
