/** One hook per endpoint, all built from the route table (STYLE.md 9). */
import { api, type Member } from '@prr/contract';
import { useQuery } from '@tanstack/react-query';
import { routeQuery, useRouteMutation, type RouteMutationOptions } from './routeQuery';

// Public content
export const useFeaturedProducts = () => useQuery(routeQuery(api.featuredProducts));
export const useTestimonials = () => useQuery(routeQuery(api.testimonials));
export const useMovementStats = () => useQuery(routeQuery(api.movementStats));
export const useMapStates = () => useQuery(routeQuery(api.mapStates));

export const useJoinMovement = (options: RouteMutationOptions<typeof api.joinMovement> = {}) =>
  useRouteMutation(api.joinMovement, { invalidates: [api.movementStats], ...options });

// Member dashboard: each read waits for its key value (SPEC.md section 7)
export const useDashboardMember = (email: string | undefined) =>
  useQuery(routeQuery(api.dashboardMember, email ? { email } : undefined));
export const useReflections = (memberId: string | undefined) =>
  useQuery(routeQuery(api.reflections, memberId ? { memberId } : undefined));
export const useRippleEffects = (memberId: string | undefined) =>
  useQuery(routeQuery(api.rippleEffects, memberId ? { memberId } : undefined));
export const useAchievements = (memberId: string | undefined) =>
  useQuery(routeQuery(api.achievements, memberId ? { memberId } : undefined));
export const useReflectionPrompt = (member: Pick<Member, 'currentDay'> | undefined) =>
  useQuery(routeQuery(api.reflectionPrompt, member ? { day: member.currentDay } : undefined));

export const useSaveReflection = (options: RouteMutationOptions<typeof api.saveReflection> = {}) =>
  useRouteMutation(api.saveReflection, {
    // Points and level live on the member, so the dashboard read is refreshed too.
    invalidates: [api.reflections, api.achievements, api.dashboardMember],
    ...options,
  });
export const useRecordRippleEffect = (options: RouteMutationOptions<typeof api.recordRippleEffect> = {}) =>
  useRouteMutation(api.recordRippleEffect, { invalidates: [api.rippleEffects], ...options });
export const useUpdateEmailSettings = (options: RouteMutationOptions<typeof api.updateEmailSettings> = {}) =>
  useRouteMutation(api.updateEmailSettings, { invalidates: [api.dashboardMember], ...options });

// Admin
export const useAdminLoginInfo = () => useQuery(routeQuery(api.adminLoginInfo));
export const useAdminStats = () => useQuery(routeQuery(api.adminStats));
export const useAdminMembers = () => useQuery(routeQuery(api.adminMembers));
export const useAdminLogin = (options: RouteMutationOptions<typeof api.adminLogin> = {}) =>
  useRouteMutation(api.adminLogin, options);
export const useAdminLogout = (options: RouteMutationOptions<typeof api.adminLogout> = {}) =>
  useRouteMutation(api.adminLogout, options);
export const useAddParticipant = (options: RouteMutationOptions<typeof api.addParticipant> = {}) =>
  useRouteMutation(api.addParticipant, {
    invalidates: [api.adminMembers, api.adminStats, api.mapStates, api.movementStats],
    ...options,
  });
export const useRecalculateStates = (options: RouteMutationOptions<typeof api.recalculateStates> = {}) =>
  useRouteMutation(api.recalculateStates, {
    invalidates: [api.mapStates, api.movementStats, api.adminStats],
    ...options,
  });
