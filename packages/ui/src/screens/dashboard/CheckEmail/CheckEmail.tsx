/**
 * The step after the e-mail entry: the sign-in e-mail's 6-digit code signs the member in here, and
 * its link does the same from the e-mail. Both last SIGN_IN_MINUTES. What the server says about a
 * code (wrong, expired) shows under the field, and about a new code (the resend limit) beside its
 * button, in the server's own words.
 */
import { SIGN_IN_MINUTES, type Member } from '@prr/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRequestSignIn, useSignInWithCode } from '../../../api';
import { Icon } from '../../../components/LevelsLadder';
import { Button, TextField } from '../../../primitives';
import { CenteredScreen, EntryForm, Notice, ScreenActions, ScreenCard, ScreenIcon } from '../EmailEntry';
import { fieldMessage, isRateLimited, rateLimitMessage } from '../signInErrors';

export interface CheckEmailProps {
  /** The address the code and link went to. */
  email: string;
  /** Back to the e-mail entry. */
  onUseDifferentEmail: () => void;
  /** The code worked; the page already knows who is signed in (useSignInWithCode). */
  onSignedIn?: (member: Member) => void;
}

const CODE_LENGTH = 6;

export function CheckEmail({ email, onUseDifferentEmail, onSignedIn }: CheckEmailProps) {
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  const signIn = useSignInWithCode();
  const resend = useRequestSignIn();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The entry form that had focus is gone; announce the new step by moving focus to it.
    headingRef.current?.focus();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || code === '') return;
    setResent(false);
    // mutateAsync: the page may swap this screen for the dashboard before mutate's callbacks run.
    signIn.mutateAsync({ body: { email, code } }).then(
      (member) => onSignedIn?.(member),
      () => undefined, // shown from signIn.error below
    );
  };

  const sendNewCode = () => {
    setResent(false);
    resend.mutate(
      { body: { email } },
      {
        onSuccess: () => {
          signIn.reset();
          setCode('');
          setResent(true);
        },
      },
    );
  };

  const codeError = signIn.isError ? fieldMessage(signIn.error, 'code') : undefined;
  const signInProblem =
    signIn.isError && !codeError
      ? isRateLimited(signIn.error)
        ? rateLimitMessage(signIn.error)
        : "We couldn't sign you in just now. Please try again in a moment."
      : null;
  const resendProblem = resend.isError
    ? isRateLimited(resend.error)
      ? rateLimitMessage(resend.error)
      : "We couldn't send a new code just now. Please try again in a moment."
    : null;

  return (
    <CenteredScreen>
      <ScreenCard>
        <ScreenIcon>
          <Icon name="mail" />
        </ScreenIcon>
        <h1 ref={headingRef} tabIndex={-1}>
          Check your e-mail
        </h1>
        <p>
          We sent a {CODE_LENGTH}-digit code and a sign-in link to <strong>{email}</strong>. Both work for{' '}
          {SIGN_IN_MINUTES} minutes.
        </p>
        <EntryForm noValidate onSubmit={submit} aria-label="Sign in with your code">
          <TextField
            label="Sign-in code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            spellCheck={false}
            value={code}
            // Digits only: a stray letter or space never reaches the server.
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
            hint="Type the code from the e-mail, or open its link on this device."
            error={codeError}
          />
          {signInProblem ? (
            <Notice role="alert" $tone="problem">
              {signInProblem}
            </Notice>
          ) : null}
          <Button type="submit" size="lg" block disabled={code === '' || signIn.isPending}>
            {signIn.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </EntryForm>
        <p>Can&apos;t find it? It may be in your spam folder, or you can ask for a new code.</p>
        {resent ? (
          <Notice role="status" $tone="calm">
            A new code is on its way.
          </Notice>
        ) : null}
        {resendProblem ? (
          <Notice role="alert" $tone="problem">
            {resendProblem}
          </Notice>
        ) : null}
        <ScreenActions>
          <Button variant="secondary" onClick={sendNewCode} disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Send a new code'}
          </Button>
          <Button variant="ghost" onClick={onUseDifferentEmail}>
            Use a different e-mail
          </Button>
        </ScreenActions>
      </ScreenCard>
    </CenteredScreen>
  );
}
