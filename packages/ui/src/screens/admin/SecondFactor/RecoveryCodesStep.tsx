/**
 * The recovery codes, shown this once (docs/decisions/027-admin-second-factor.md): Copy, Download,
 * and "I have saved these codes" before the admin may go on, so nobody leaves without them.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { saveFile } from '../../../api/saveFile';
import { Button, toast } from '../../../primitives';
import { StepHeading, StepText } from './StepHeading';

export const RECOVERY_CODES_FILE = 'pause-reflect-retry-recovery-codes.txt';

export interface RecoveryCodesStepProps {
  codes: readonly string[];
  /** What the last button says, e.g. 'Continue to the dashboard'. */
  doneLabel: string;
  onDone: () => void;
}

const asText = (codes: readonly string[]): string =>
  `Pause. Reflect. Retry. admin recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;

export function RecoveryCodesStep({ codes, doneLabel, onDone }: RecoveryCodesStepProps) {
  return (
    <>
      <StepHeading>Save your recovery codes</StepHeading>
      <StepText>
        If you lose your passkey or phone, each of these codes signs you in once. They are shown only now: keep them
        somewhere safe.
      </StepText>
      <SavedCodes codes={codes} doneLabel={doneLabel} onDone={onDone} />
    </>
  );
}

/** The codes with Copy and Download, and the button that waits for "I have saved these codes". */
export function SavedCodes({ codes, doneLabel, onDone }: RecoveryCodesStepProps) {
  const [saved, setSaved] = useState(false);
  const checkboxId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Codes copied', description: 'Paste them somewhere safe, away from this device.' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the codes and copy them, or download them.',
        variant: 'destructive',
      });
    }
  };
  return (
    <>
      <Codes aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Actions>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveFile(new Blob([asText(codes)], { type: 'text/plain' }), RECOVERY_CODES_FILE)}
        >
          Download
        </Button>
      </Actions>
      <Confirm>
        <input id={checkboxId} type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        <label htmlFor={checkboxId}>I have saved these codes</label>
      </Confirm>
      <Button block size="lg" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </>
  );
}

const Codes = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px dashed ${({ theme }) => theme.colors.brand};
  background: ${({ theme }) => theme.colors.brandSoft};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  text-align: center;
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Confirm = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
  input {
    width: 1.25rem;
    height: 1.25rem;
  }
`;
