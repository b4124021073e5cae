/**
 * 'Update Map' asks first: the dialog says what the map shows now and what the counts of active
 * members would put there, and the admin confirms. The replaced counts are kept by the server, so
 * the success toast offers to undo the update (docs/product/screens.md#admin-dashboard).
 */
import type { RecalculatePreview } from '@prr/contract';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useRecalculatePreview, useRecalculateStates } from '../../../api';
import { Button, Dialog, StatusMessage, toast } from '../../../primitives';
import { isUnauthorized } from '../adminErrors';
import { useAdminFailure, useSessionExpiry } from '../useSessionExpiry';
import { describeMapUpdate } from './mapUpdateText';

export interface UpdateMapDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Offered by the success toast: puts back the counts this update replaced. */
  onUndo: () => void;
}

export function UpdateMapDialog({ open, onOpenChange, onUndo }: UpdateMapDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Update the map?"
      description="The map will count the active members of each state."
    >
      {/* Mounted only while open, so every opening asks the server for today's figures. */}
      <Confirmation onClose={() => onOpenChange(false)} onUndo={onUndo} />
    </Dialog>
  );
}

interface ConfirmationProps {
  onClose: () => void;
  onUndo: () => void;
}

function Confirmation({ onClose, onUndo }: ConfirmationProps) {
  const preview = useRecalculatePreview();
  const expire = useSessionExpiry();
  const failed = useAdminFailure();
  // What the admin confirmed stays on screen while the update runs, though the preview refreshes.
  const [confirmed, setConfirmed] = useState<RecalculatePreview | null>(null);
  const recalculate = useRecalculateStates({
    onSuccess: () => {
      onClose();
      toast({
        title: 'State data updated',
        description: 'State participation counts have been recalculated from real member data.',
        action: { label: 'Undo', altText: "Undo it with 'Undo last map update' in the Actions card", onClick: onUndo },
      });
    },
    onError: (error) => {
      onClose();
      failed(error, { title: 'Error updating states', fallback: 'Failed to recalculate state data' });
    },
  });

  const sessionExpired = isUnauthorized(preview.error);
  useEffect(() => {
    if (sessionExpired) expire();
  }, [sessionExpired, expire]);

  // Only figures the server gave since the dialog opened: a cached answer may be out of date.
  const shown = confirmed ?? (preview.isFetchedAfterMount && !preview.isError ? preview.data : undefined);

  return (
    <Body>
      {shown ? (
        <>
          <p>{describeMapUpdate(shown)}</p>
          <Note>The current counts are kept, so this update can be undone once.</Note>
        </>
      ) : preview.isError && !preview.isFetching ? (
        <StatusMessage kind="error" onRetry={() => void preview.refetch()}>
          We couldn't work out the new counts.
        </StatusMessage>
      ) : (
        <StatusMessage kind="loading">Counting active members...</StatusMessage>
      )}
      <Actions>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!shown || recalculate.isPending}
          onClick={() => {
            if (!shown) return;
            setConfirmed(shown);
            recalculate.mutate({});
          }}
        >
          {recalculate.isPending ? 'Updating...' : 'Update Map'}
        </Button>
      </Actions>
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
