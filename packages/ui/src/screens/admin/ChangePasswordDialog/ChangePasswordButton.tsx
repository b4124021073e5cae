/** The admin header's 'Change Password': a button that opens ChangePasswordDialog. */
import { useState } from 'react';
import { Button, type ButtonProps } from '../../../primitives';
import { ChangePasswordDialog } from './ChangePasswordDialog';

export type ChangePasswordButtonProps = Pick<ButtonProps, 'variant' | 'size'>;

export function ChangePasswordButton({ variant = 'secondary', size }: ChangePasswordButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        Change Password
      </Button>
      <ChangePasswordDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
