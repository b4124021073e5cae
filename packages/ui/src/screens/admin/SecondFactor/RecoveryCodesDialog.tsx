/**
 * A signed-in admin makes new recovery codes (docs/decisions/027-admin-second-factor.md): the old
 * ones stop working, and the new ones are shown this once, as after the enrolment.
 */
import { useState } from 'react';
import { useRegenerateRecoveryCodes } from '../../../api';
import { Button, Dialog, ErrorText } from '../../../primitives';
import { isUnauthorized, messageOr } from '../adminErrors';
import { useSessionExpiry } from '../useSessionExpiry';
import { SavedCodes } from './RecoveryCodesStep';

export function RecoveryCodesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Recovery Codes
      </Button>
      <RecoveryCodesDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

export interface RecoveryCodesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RecoveryCodesDialog({ open, onOpenChange }: RecoveryCodesDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New recovery codes"
      description="Each code signs you in once if you lose your passkey or phone. Making new codes stops the old ones working."
    >
      {/* Mounted only while open, so the codes are gone once it closes. */}
      <NewCodes onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function NewCodes({ onClose }: { onClose: () => void }) {
  const expire = useSessionExpiry();
  const regenerate = useRegenerateRecoveryCodes({
    onError: (error) => {
      if (isUnauthorized(error)) {
        onClose();
        expire();
      }
    },
  });
  if (regenerate.data) {
    return <SavedCodes codes={regenerate.data.recoveryCodes} doneLabel="Done" onDone={onClose} />;
  }
  return (
    <>
      {regenerate.error ? (
        <ErrorText role="alert">
          {messageOr(regenerate.error, 'New codes could not be made. Please try again.')}
        </ErrorText>
      ) : null}
      <Button block disabled={regenerate.isPending} onClick={() => regenerate.mutate({})}>
        {regenerate.isPending ? 'Making new codes...' : 'Make new codes'}
      </Button>
    </>
  );
}
