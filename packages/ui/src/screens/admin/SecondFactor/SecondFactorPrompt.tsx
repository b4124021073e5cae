/**
 * After the right password, for an admin with a second factor (docs/product/screens.md#admin-sign-in):
 * the passkey first when the admin has one, else the authenticator code, and a recovery code as the
 * last way. Each way is one step with its own heading; the others are offered under it.
 */
import type { Admin, SecondFactorMethods } from '@prr/contract';
import { useState } from 'react';
import {
  useAdminPasskeyOptions,
  useAdminPasskeySignIn,
  useAdminRecoveryCodeSignIn,
  useAdminTotpSignIn,
} from '../../../api';
import { Button } from '../../../primitives';
import { messageOr } from '../adminErrors';
import { CodeForm } from './CodeForm';
import { isPasskeyCancelled, usePasskeyClient } from './passkeyClient';
import { OtherWays, StepError, StepHeading, StepText } from './StepHeading';

export type PromptWay = 'passkey' | 'totp' | 'recovery';

export const PASSKEY_CANCELLED = 'The passkey was not used. Try again, or choose another way below.';

export interface SecondFactorPromptProps {
  methods: SecondFactorMethods;
  onSignedIn: (admin: Admin) => void;
}

export const firstWay = (methods: SecondFactorMethods): PromptWay =>
  methods.passkey ? 'passkey' : methods.totp ? 'totp' : 'recovery';

export function SecondFactorPrompt({ methods, onSignedIn }: SecondFactorPromptProps) {
  const [way, setWay] = useState<PromptWay>(firstWay(methods));
  const others: { way: PromptWay; label: string }[] = [
    ...(methods.passkey && way !== 'passkey' ? [{ way: 'passkey' as const, label: 'Use your passkey instead' }] : []),
    ...(methods.totp && way !== 'totp' ? [{ way: 'totp' as const, label: 'Use an authenticator code instead' }] : []),
    ...(way !== 'recovery' ? [{ way: 'recovery' as const, label: 'Use a recovery code' }] : []),
  ];
  return (
    <>
      {way === 'passkey' ? <PasskeyStep onSignedIn={onSignedIn} /> : null}
      {way === 'totp' ? <TotpStep onSignedIn={onSignedIn} /> : null}
      {way === 'recovery' ? <RecoveryStep onSignedIn={onSignedIn} /> : null}
      <OtherWays>
        {others.map((other) => (
          <Button key={other.way} variant="ghost" size="sm" onClick={() => setWay(other.way)}>
            {other.label}
          </Button>
        ))}
      </OtherWays>
    </>
  );
}

function PasskeyStep({ onSignedIn }: { onSignedIn: (admin: Admin) => void }) {
  const passkeys = usePasskeyClient();
  const options = useAdminPasskeyOptions();
  const signIn = useAdminPasskeySignIn({ onSuccess: ({ admin }) => onSignedIn(admin) });
  const [cancelled, setCancelled] = useState(false);
  const [asking, setAsking] = useState(false);

  const askPasskey = async () => {
    setCancelled(false);
    signIn.reset();
    setAsking(true);
    try {
      const credential = await passkeys.authenticate(await options.mutateAsync({}));
      signIn.mutate({ body: credential });
    } catch (error) {
      // The server's refusals show from the mutations' errors; the browser's own stop is said here.
      if (isPasskeyCancelled(error)) setCancelled(true);
    } finally {
      setAsking(false);
    }
  };

  const pending = asking || signIn.isPending;
  const error = options.error ?? signIn.error;
  return (
    <>
      <StepHeading>Use your passkey</StepHeading>
      <StepText>Confirm it is you with the passkey on this device or your security key.</StepText>
      <Button block size="lg" disabled={pending} onClick={() => void askPasskey()}>
        {pending ? 'Waiting for your passkey...' : 'Use your passkey'}
      </Button>
      {cancelled ? <StepError>{PASSKEY_CANCELLED}</StepError> : null}
      {!cancelled && error ? (
        <StepError>{messageOr(error, 'Your passkey could not be checked. Please try again.')}</StepError>
      ) : null}
    </>
  );
}

function TotpStep({ onSignedIn }: { onSignedIn: (admin: Admin) => void }) {
  const signIn = useAdminTotpSignIn({ onSuccess: ({ admin }) => onSignedIn(admin) });
  return (
    <>
      <StepHeading>Enter your authenticator code</StepHeading>
      <StepText>Open your authenticator app and type the code it shows for Pause. Reflect. Retry.</StepText>
      <CodeForm
        kind="totp"
        submitLabel="Verify"
        pendingLabel="Checking..."
        pending={signIn.isPending}
        serverError={signIn.error ? messageOr(signIn.error, 'That code could not be checked.') : undefined}
        onSubmit={(code) => signIn.mutate({ body: { code } })}
      />
    </>
  );
}

function RecoveryStep({ onSignedIn }: { onSignedIn: (admin: Admin) => void }) {
  const signIn = useAdminRecoveryCodeSignIn({ onSuccess: ({ admin }) => onSignedIn(admin) });
  return (
    <>
      <StepHeading>Use a recovery code</StepHeading>
      <StepText>Type one of the recovery codes you saved when you set up your second factor.</StepText>
      <CodeForm
        kind="recovery"
        submitLabel="Verify"
        pendingLabel="Checking..."
        pending={signIn.isPending}
        serverError={signIn.error ? messageOr(signIn.error, 'That code could not be checked.') : undefined}
        onSubmit={(code) => signIn.mutate({ body: { code } })}
      />
    </>
  );
}
