export { ChangePasswordButton, type ChangePasswordButtonProps } from './ChangePasswordButton';
export { ChangePasswordDialog, type ChangePasswordDialogProps } from './ChangePasswordDialog';
