/**
 * Undoing the last 'Update Map': the server put the replaced counts aside, once, so they can be put
 * back. Offered by the update's success toast and, for as long as the server keeps them, by the
 * Actions card.
 */
import { api, queryKeyFor } from '@prr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useUndoRecalculateStates } from '../../../api';
import { toast } from '../../../primitives';
import { useAdminFailure } from '../useSessionExpiry';

export function useUndoMapUpdate() {
  const queryClient = useQueryClient();
  const failed = useAdminFailure();
  return useUndoRecalculateStates({
    onSuccess: () => {
      toast({ title: 'Map counts restored', description: 'The map shows the counts it had before the last update.' });
    },
    onError: (error) => {
      failed(error, {
        title: 'Error undoing map update',
        fallback: 'Failed to restore the map counts',
        also: () => {
          // E.g. another tab undid it first (409): whether an undo is still possible is asked again.
          void queryClient.invalidateQueries({ queryKey: queryKeyFor(api.recalculatePreview) });
        },
      });
    },
  });
}
