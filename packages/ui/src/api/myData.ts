/**
 * The member's data is theirs (docs/product/api.md#member-data): 'Download my data' saves
 * everything stored about them as one JSON file, and 'Delete my account' removes it all and ends
 * the session. Both go through the contract's client, so a 401 ends the session like any member call.
 */
import { api } from '@prr/contract';
import { MEMBER_EXPORT_FILENAME } from '@prr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { signedOutInThisBrowser } from './hooks';
import { useRouteMutation, type RouteMutationOptions } from './routeQuery';
import { saveFile } from './saveFile';

/** The name the server's download headers give the file too. */
export const MY_DATA_FILENAME = MEMBER_EXPORT_FILENAME;

export interface DownloadMyData {
  /** Fetches the export and hands it to the browser's downloads as MY_DATA_FILENAME. */
  download: () => void;
  isPending: boolean;
  /** The last attempt's failure; null once one succeeds. */
  error: Error | null;
}

/**
 * Fetched rather than linked, so a failure is told instead of saved as the file. Used by Settings
 * and by the completion screen after day 90.
 */
export function useDownloadMyData(): DownloadMyData {
  const { mutate, isPending, error } = useRouteMutation(api.exportMyData, {
    onSuccess: (data) => {
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), MY_DATA_FILENAME);
    },
  });
  const download = useCallback(() => mutate({}), [mutate]);
  return { download, isPending, error };
}

/**
 * Deletes the member and everything of theirs; the server ends the session, and this browser
 * forgets them as after a sign-out, so the dashboard shows the e-mail entry.
 */
export function useDeleteAccount(options: RouteMutationOptions<typeof api.deleteAccount> = {}) {
  const queryClient = useQueryClient();
  return useRouteMutation(api.deleteAccount, {
    ...options,
    onSuccess: async (...args) => {
      signedOutInThisBrowser(queryClient);
      await options.onSuccess?.(...args);
    },
  });
}
