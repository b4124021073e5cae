export { SecondFactorPrompt, PASSKEY_CANCELLED, type SecondFactorPromptProps } from './SecondFactorPrompt';
export { Enrolment, PASSKEY_NOT_MADE, type EnrolmentProps } from './Enrolment';
export { RecoveryCodesStep, RECOVERY_CODES_FILE, type RecoveryCodesStepProps } from './RecoveryCodesStep';
export { PasskeyClientProvider, type PasskeyClient } from './passkeyClient';
export { RecoveryCodesButton, RecoveryCodesDialog, type RecoveryCodesDialogProps } from './RecoveryCodesDialog';
