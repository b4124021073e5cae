/**
 * Correcting a participant (docs/product/rules.md#admin-participants): their name, state and ZIP
 * code with Add Participant's fields, checks and messages, the server's field messages under the
 * fields. The e-mail is their sign-in and is shown, not edited.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ParticipantUpdate, type AdminMember } from '@prr/contract';
import { FormProvider, useForm } from 'react-hook-form';
import styled from 'styled-components';
import { useUpdateParticipant } from '../../../../api';
import { Button, Dialog, toast } from '../../../../primitives';
import { fieldMessages } from '../../adminErrors';
import { PARTICIPANT_FIELDS, ParticipantFields } from '../../ParticipantFields';
import { useAdminFailure } from '../../useSessionExpiry';

interface EditParticipantDialogProps {
  /** Whom to edit; null: closed. */
  member: AdminMember | null;
  onClose: () => void;
}

export function EditParticipantDialog({ member, onClose }: EditParticipantDialogProps) {
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? `Edit ${member.name}` : 'Edit participant'}
      description={member ? `Their email, ${member.email}, is how they sign in and is not changed here.` : undefined}
    >
      {/* Keyed: another participant starts from their own values, not the last one's edits. */}
      {member ? <EditParticipantForm key={member.id} member={member} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditParticipantForm({ member, onDone }: { member: AdminMember; onDone: () => void }) {
  const failed = useAdminFailure();
  const form = useForm({
    resolver: zodResolver(ParticipantUpdate),
    defaultValues: { name: member.name, state: member.state, zipCode: member.zipCode },
  });
  const update = useUpdateParticipant();

  const onSubmit = form.handleSubmit((body) => {
    update.mutate(
      { params: { id: member.id }, body },
      {
        onSuccess: (updated) => {
          toast({ title: 'Participant updated', description: `${updated.name}'s details have been saved.` });
          onDone();
        },
        onError: (error) => {
          failed(error, {
            title: 'Error updating participant',
            fallback: 'Failed to update participant',
            also: () => {
              for (const [field, message] of fieldMessages(error, PARTICIPANT_FIELDS)) {
                form.setError(field, { type: 'server', message });
              }
            },
          });
        },
      },
    );
  });

  return (
    <FormProvider {...form}>
      <Form onSubmit={onSubmit} noValidate>
        <ParticipantFields />
        <Buttons>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </Buttons>
      </Form>
    </FormProvider>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
