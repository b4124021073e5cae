/**
 * The admin's own password change: the current password, a new one of at least ADMIN_PASSWORD_MIN
 * characters typed twice. The contract's messages and the server's (a wrong current password)
 * show under their fields; any other failure shows in the dialog, which stays open. On success the
 * server has signed out every other session of the admin, and the toast says so.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_PASSWORD_MIN } from '@prr/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { useChangeAdminPassword } from '../../../api';
import { Button, Dialog, ErrorText, toast } from '../../../primitives';
import { fieldMessages, isUnauthorized, messageOr } from '../adminErrors';
import { PasswordField } from '../PasswordField';
import { useSessionExpiry } from '../useSessionExpiry';
import { PasswordChangeForm } from './passwordChangeForm';

/** The fields the server may send a message for. */
const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;

export interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      description="Other sessions of the admin account will be signed out."
    >
      {/* Mounted only while open, so the passwords typed are gone once it closes. */}
      <PasswordChange onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function PasswordChange({ onClose }: { onClose: () => void }) {
  const expire = useSessionExpiry();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(PasswordChangeForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangeAdminPassword({
    onSuccess: () => {
      onClose();
      toast({ title: 'Password changed', description: 'Other sessions have been signed out.' });
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        onClose();
        return expire();
      }
      const messages = fieldMessages(error, SERVER_FIELDS);
      for (const [field, message] of messages) setError(field, { type: 'server', message });
      if (messages.length === 0) setFailure(messageOr(error, 'Failed to change password'));
    },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    setFailure(null);
    change.mutate({ body: { currentPassword, newPassword } });
  });

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Change password">
      <PasswordField
        label="Current password"
        toggleName="current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label="New password"
        toggleName="new password"
        autoComplete="new-password"
        hint={`At least ${ADMIN_PASSWORD_MIN} characters`}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        toggleName="confirmed password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
      <Actions>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
