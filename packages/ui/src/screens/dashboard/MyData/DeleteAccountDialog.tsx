/**
 * 'Delete my account', after a confirmation that says what goes (docs/product/api.md#member-data):
 * the member and everything of theirs, and the session. On success this browser forgets them as
 * after a sign-out, so the dashboard shows the e-mail entry; a failure is said in the dialog.
 * Cancel is the safe default.
 */
import type { Member } from '@prr/contract';
import styled from 'styled-components';
import { useDeleteAccount } from '../../../api/myData';
import { Button, Dialog, toast } from '../../../primitives';

export interface DeleteAccountDialogProps {
  member: Pick<Member, 'email'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function DeleteAccountDialog({ member, open, onOpenChange }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount({
    onSuccess: () => {
      toast({ title: 'Account deleted', description: 'Everything we stored about you has been removed.' });
      onOpenChange(false);
    },
  });
  const close = (next: boolean) => {
    if (!next) remove.reset();
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description={`This deletes the account of ${member.email} and everything stored with it. It cannot be undone.`}
    >
      <Body>
        <p>What goes:</p>
        <ul>
          <li>your profile and e-mail settings, so no more e-mails;</li>
          <li>every reflection, achievement and point;</li>
          <li>your ripple effects and the stories you shared;</li>
          <li>your sign-in on every device.</li>
        </ul>
        <p>To keep a copy, download your data first.</p>
      </Body>
      {remove.isError ? (
        <Failure role="alert">We couldn&apos;t delete your account just now. Please try again.</Failure>
      ) : null}
      <Buttons>
        {/* The safe choice first; the dialog opens on its Close button, never on Delete. */}
        <Button variant="ghost" onClick={() => close(false)}>
          Cancel
        </Button>
        <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({})}>
          {remove.isPending ? 'Deleting...' : 'Yes, delete my account'}
        </Button>
      </Buttons>
    </Dialog>
  );
}

const Body = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
  p {
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
  ul {
    margin: 0 0 ${({ theme }) => theme.space.md};
    padding-left: 1.25rem;
  }
`;

const Failure = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;
