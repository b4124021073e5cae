/**
 * Screen 1 of the dashboard: members sign in with the e-mail they joined with (no password): the
 * address gets a code and a link. The button stays disabled while the field is empty; Enter submits.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Icon } from '../../../components/LevelsLadder';
import { paths } from '../../../config';
import { SiteLink } from '../../../navigation';
import { Button, TextField, toast } from '../../../primitives';
import { CenteredScreen, EntryForm, Notice, ScreenCard, ScreenIcon } from './EmailEntry.styles';

export interface EmailEntryProps {
  /** Called with the trimmed e-mail. */
  onSubmit: (email: string) => void;
  /** The sign-in request is on its way: the button says so and waits. */
  pending?: boolean;
  /** Why the last try did not work (e.g. the server's rate limit, an expired link), as an alert. */
  error?: string | null;
  /** A calm word on arrival (e.g. after signing out), as a status. */
  notice?: string | null;
  /** The field's starting value, e.g. the e-mail kept for the browser session. */
  defaultEmail?: string;
  /**
   * Where focus goes on arrival, when this screen replaces another: the heading (announces the
   * screen) or the field (to type another address at once). Nowhere by default.
   */
  focusOnArrival?: 'heading' | 'field';
}

export function EmailEntry({
  onSubmit,
  pending = false,
  error,
  notice,
  defaultEmail = '',
  focusOnArrival,
}: EmailEntryProps) {
  const [email, setEmail] = useState(defaultEmail);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  // The signed-out page arrives as HTML (docs/decisions/033-one-request-dashboard.md): an address
  // typed before React held the form is in the field, not in its state. Taken once, as React arrives.
  useEffect(() => {
    const typed = fieldRef.current?.value;
    if (typed) setEmail((current) => current || typed);
  }, []);

  useEffect(() => {
    if (focusOnArrival === 'heading') headingRef.current?.focus();
    if (focusOnArrival === 'field') fieldRef.current?.focus();
  }, [focusOnArrival]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = email.trim();
    if (!trimmed) {
      toast({
        title: 'Email required',
        description: 'Please enter your email to access your dashboard.',
        variant: 'destructive',
      });
      return;
    }
    onSubmit(trimmed);
  };

  return (
    <CenteredScreen>
      <ScreenCard>
        <ScreenIcon>
          <Icon name="key" />
        </ScreenIcon>
        <h1 ref={headingRef} tabIndex={-1}>
          Access Your Dashboard
        </h1>
        <p>Enter the email you used to join the 90-Day Experiment</p>
        {notice ? (
          <Notice role="status" $tone="calm">
            {notice}
          </Notice>
        ) : null}
        {error ? (
          <Notice role="alert" $tone="problem">
            {error}
          </Notice>
        ) : null}
        <EntryForm noValidate onSubmit={submit} aria-label="Access your dashboard">
          <TextField
            ref={fieldRef}
            label="Email address"
            // Text, not type="email": browsers strip spaces from email inputs, which would hide the
            // 'Email required' answer to a blank entry (docs/product/screens.md#signing-in). inputMode keeps the keyboard.
            type="text"
            inputMode="email"
            name="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            hint="We'll e-mail you a code and a link to sign in. No password needed."
          />
          <Button type="submit" size="lg" block disabled={email === '' || pending}>
            {pending ? 'Sending...' : 'Access Dashboard'}
          </Button>
        </EntryForm>
        <p>
          Not a member yet? <SiteLink to={paths.experiment}>Join the 90-Day Experiment</SiteLink>
        </p>
      </ScreenCard>
    </CenteredScreen>
  );
}
