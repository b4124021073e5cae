/**
 * The form's fields: the contract's password change (its own messages) and the new password typed
 * a second time, which only the browser checks and never sends.
 */
import { AdminPasswordChange } from '@prr/contract';
import { z } from 'zod';

export const PASSWORD_MISMATCH = 'Passwords do not match';

export const PasswordChangeForm = AdminPasswordChange.extend({ confirmPassword: z.string() }).refine(
  (form) => form.confirmPassword === form.newPassword,
  {
    path: ['confirmPassword'],
    error: PASSWORD_MISMATCH,
    // Said with the other fields' messages, not only once they pass (zod's default).
    when: () => true,
  },
);
export type PasswordChangeForm = z.infer<typeof PasswordChangeForm>;
