/**
 * The dashboard's calls beyond the daily reflection (docs/product/api.md#member-data): the level-up
 * celebration's acknowledgement, the invite link, the member's shared stories and the choice after
 * day 90. Built from the route table like hooks.ts (docs/conventions.md#fetching).
 */
import { api, type Member } from '@prr/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './memberSession';
import { routeQuery, useRouteMutation, type RouteMutationOptions } from './routeQuery';

/** Only for a member from before invites: the dashboard's answer carries everyone else's code. */
export const useInvite = () => useQuery(routeQuery(api.invite));

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

/** A new story is pending: the dashboard's answer, which shows its status, is asked again. */
export const useShareStory = (options: RouteMutationOptions<typeof api.shareStory> = {}) =>
  useRouteMutation(api.shareStory, { invalidates: [api.memberDashboard], ...options });

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
