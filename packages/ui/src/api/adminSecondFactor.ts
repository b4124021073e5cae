/** The admin's second factor after the password (docs/decisions/027-admin-second-factor.md), one hook per route. */
import { api } from '@prr/contract';
import { useRouteMutation, type RouteMutationOptions } from './routeQuery';

type Options<R extends (typeof api)[keyof typeof api]> = RouteMutationOptions<R>;

export const useAdminPasskeyOptions = (options: Options<typeof api.adminPasskeyOptions> = {}) =>
  useRouteMutation(api.adminPasskeyOptions, options);
export const useAdminPasskeySignIn = (options: Options<typeof api.adminPasskeySignIn> = {}) =>
  useRouteMutation(api.adminPasskeySignIn, options);
export const useAdminTotpSignIn = (options: Options<typeof api.adminTotpSignIn> = {}) =>
  useRouteMutation(api.adminTotpSignIn, options);
export const useAdminRecoveryCodeSignIn = (options: Options<typeof api.adminRecoveryCodeSignIn> = {}) =>
  useRouteMutation(api.adminRecoveryCodeSignIn, options);
export const useAdminPasskeyEnrolOptions = (options: Options<typeof api.adminPasskeyEnrolOptions> = {}) =>
  useRouteMutation(api.adminPasskeyEnrolOptions, options);
export const useAdminPasskeyEnrol = (options: Options<typeof api.adminPasskeyEnrol> = {}) =>
  useRouteMutation(api.adminPasskeyEnrol, options);
export const useAdminTotpEnrolStart = (options: Options<typeof api.adminTotpEnrolStart> = {}) =>
  useRouteMutation(api.adminTotpEnrolStart, options);
export const useAdminTotpEnrol = (options: Options<typeof api.adminTotpEnrol> = {}) =>
  useRouteMutation(api.adminTotpEnrol, options);
export const useRegenerateRecoveryCodes = (options: Options<typeof api.regenerateRecoveryCodes> = {}) =>
  useRouteMutation(api.regenerateRecoveryCodes, options);
