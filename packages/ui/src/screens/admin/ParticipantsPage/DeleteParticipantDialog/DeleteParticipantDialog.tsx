/**
 * Deleting a participant, after a confirmation that names them (docs/product/rules.md#admin-participants):
 * the member and everything of theirs go, and it cannot be undone. Cancel is the safe default.
 */
import type { AdminMember } from '@prr/contract';
import styled from 'styled-components';
import { useDeleteParticipant } from '../../../../api';
import { Button, Dialog, toast } from '../../../../primitives';
import { useAdminFailure } from '../../useSessionExpiry';

interface DeleteParticipantDialogProps {
  /** Whom to delete; null: closed. */
  member: AdminMember | null;
  onClose: () => void;
}

export function DeleteParticipantDialog({ member, onClose }: DeleteParticipantDialogProps) {
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? `Delete ${member.name}?` : 'Delete participant?'}
      description={
        member
          ? `${member.name} (${member.email}) and everything of theirs go: their reflections, achievements, ripple effects and sign-ins. This cannot be undone.`
          : undefined
      }
    >
      {member ? <DeleteButtons member={member} onDone={onClose} /> : null}
    </Dialog>
  );
}

function DeleteButtons({ member, onDone }: { member: AdminMember; onDone: () => void }) {
  const failed = useAdminFailure();
  const remove = useDeleteParticipant({
    onSuccess: () => {
      toast({ title: 'Participant deleted', description: `${member.name} and their data have been removed.` });
      onDone();
    },
    onError: (error) => {
      failed(error, { title: 'Error deleting participant', fallback: 'Failed to delete participant' });
    },
  });

  return (
    <Buttons>
      {/* The safe choice first; the dialog opens on its Close button, never on Delete. */}
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
      <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ params: { id: member.id } })}>
        {remove.isPending ? 'Deleting...' : 'Delete participant'}
      </Button>
    </Buttons>
  );
}

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;
