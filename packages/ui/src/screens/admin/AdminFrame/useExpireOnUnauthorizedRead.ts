/**
 * A 401 from any admin read means the session cookie is gone (expired, logged out elsewhere, the
 * server restarted): the browser's flag goes too and the frame's guard opens /admin/login
 * (docs/product/screens.md#admin-dashboard). Watched on the query cache, so a page never has to
 * list its reads; mutations say it themselves in their onError, where they also toast.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isAdminRead } from '../../../api/adminSession';
import { adminSessionStore } from '../../../hooks/useAdminSession';
import { isUnauthorized } from '../adminErrors';
import { useSessionExpiry } from '../useSessionExpiry';

export function useExpireOnUnauthorizedRead(): void {
  const queryClient = useQueryClient();
  const expire = useSessionExpiry();
  useEffect(
    () =>
      // Only answers that arrive from now on: an old 401 left in the cache from before a new
      // sign-in must not end the new session.
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (!isUnauthorized(event.action.error) || !isAdminRead(event.query.queryKey)) return;
        // Several reads fail together: the first one ends the session, once.
        if (adminSessionStore.read() !== null) expire();
      }),
    [queryClient, expire],
  );
}
