/**
 * After the right password, for an admin who must set up a second factor first
 * (docs/product/screens.md#admin-sign-in): a passkey first, or an authenticator app with the QR
 * code and the key as text, confirmed with one code. On success the server has signed the admin in
 * and answers the recovery codes, which the page shows next.
 */
import type { Admin, TotpSetup } from '@prr/contract';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  useAdminPasskeyEnrol,
  useAdminPasskeyEnrolOptions,
  useAdminTotpEnrol,
  useAdminTotpEnrolStart,
} from '../../../api';
import { Button, StatusMessage } from '../../../primitives';
import { messageOr } from '../adminErrors';
import { CodeForm } from './CodeForm';
import { isPasskeyCancelled, usePasskeyClient } from './passkeyClient';
import { OtherWays, StepError, StepHeading, StepText } from './StepHeading';

export interface EnrolmentProps {
  onEnrolled: (admin: Admin, recoveryCodes: string[]) => void;
}

export const PASSKEY_NOT_MADE = 'No passkey was made. Try again, or use an authenticator app.';

export function Enrolment({ onEnrolled }: EnrolmentProps) {
  const [way, setWay] = useState<'choose' | 'totp'>('choose');
  return way === 'choose' ? (
    <ChooseStep onEnrolled={onEnrolled} onTotp={() => setWay('totp')} />
  ) : (
    <TotpSetupStep onEnrolled={onEnrolled} onBack={() => setWay('choose')} />
  );
}

function ChooseStep({ onEnrolled, onTotp }: EnrolmentProps & { onTotp: () => void }) {
  const passkeys = usePasskeyClient();
  const options = useAdminPasskeyEnrolOptions();
  const enrol = useAdminPasskeyEnrol({ onSuccess: ({ admin, recoveryCodes }) => onEnrolled(admin, recoveryCodes) });
  const [cancelled, setCancelled] = useState(false);
  const [asking, setAsking] = useState(false);

  const makePasskey = async () => {
    setCancelled(false);
    enrol.reset();
    setAsking(true);
    try {
      const credential = await passkeys.register(await options.mutateAsync({}));
      enrol.mutate({ body: credential });
    } catch (error) {
      if (isPasskeyCancelled(error)) setCancelled(true);
    } finally {
      setAsking(false);
    }
  };

  const pending = asking || enrol.isPending;
  const error = options.error ?? enrol.error;
  return (
    <>
      <StepHeading>Set up a second factor</StepHeading>
      <StepText>
        Your password is right. Before you continue, add something you have, so a password alone never opens the admin
        area.
      </StepText>
      <Button block size="lg" disabled={pending} onClick={() => void makePasskey()}>
        {pending ? 'Waiting for your passkey...' : 'Set up a passkey'}
      </Button>
      {cancelled ? <StepError>{PASSKEY_NOT_MADE}</StepError> : null}
      {!cancelled && error ? (
        <StepError>{messageOr(error, 'The passkey could not be set up. Please try again.')}</StepError>
      ) : null}
      <OtherWays>
        <Button variant="secondary" block onClick={onTotp}>
          Use an authenticator app
        </Button>
      </OtherWays>
    </>
  );
}

function TotpSetupStep({ onEnrolled, onBack }: EnrolmentProps & { onBack: () => void }) {
  const start = useAdminTotpEnrolStart();
  const confirm = useAdminTotpEnrol({ onSuccess: ({ admin, recoveryCodes }) => onEnrolled(admin, recoveryCodes) });
  const [setup, setSetup] = useState<TotpSetup>();
  const asked = useRef(false);
  const { mutate } = start;
  // Asked for once when the step opens (each set-up is a new secret), not again on a re-render.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate({}, { onSuccess: setSetup });
  }, [mutate]);

  return (
    <>
      <StepHeading>Set up your authenticator app</StepHeading>
      <StepText>
        Scan the QR code with your authenticator app, or type the key into it. Then enter the code it shows.
      </StepText>
      {start.isPending ? <StatusMessage kind="loading">Preparing your set-up...</StatusMessage> : null}
      {start.error ? (
        <StatusMessage kind="error" onRetry={() => start.mutate({}, { onSuccess: setSetup })}>
          {messageOr(start.error, 'The set-up could not be prepared.')}
        </StatusMessage>
      ) : null}
      {setup ? (
        <>
          <Qr
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt="QR code for your authenticator app"
          />
          <KeyLine>
            Key: <Key>{setup.secret}</Key>
          </KeyLine>
          <CodeForm
            kind="totp"
            submitLabel="Confirm"
            pendingLabel="Confirming..."
            pending={confirm.isPending}
            serverError={confirm.error ? messageOr(confirm.error, 'That code could not be checked.') : undefined}
            onSubmit={(code) => confirm.mutate({ body: { code } })}
          />
        </>
      ) : null}
      <OtherWays>
        <Button variant="ghost" size="sm" onClick={onBack}>
          Set up a passkey instead
        </Button>
      </OtherWays>
    </>
  );
}

const Qr = styled.img`
  display: block;
  width: 12rem;
  height: 12rem;
  margin: 0 auto ${({ theme }) => theme.space.md};
  image-rendering: pixelated;
`;

const KeyLine = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Key = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  overflow-wrap: anywhere;
  user-select: all;
`;
