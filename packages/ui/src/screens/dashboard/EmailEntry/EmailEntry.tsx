/**
 * Screen 1 of the dashboard: members identify themselves by the e-mail they joined with (no
 * password, SPEC.md section 6). The button stays disabled while the field is empty; Enter submits.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/LevelsLadder';
import { paths } from '../../../config';
import { Button, TextField, toast } from '../../../primitives';
import { CenteredScreen, EntryForm, ScreenCard, ScreenIcon } from './EmailEntry.styles';

export interface EmailEntryProps {
  /** Called with the trimmed e-mail. */
  onSubmit: (email: string) => void;
}

export function EmailEntry({ onSubmit }: EmailEntryProps) {
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
        <h1>Access Your Dashboard</h1>
        <p>Enter the email you used to join the 90-Day Experiment</p>
        <EntryForm noValidate onSubmit={submit} aria-label="Access your dashboard">
          <TextField
            label="Email address"
            // Text, not type="email": browsers strip spaces from email inputs, which would hide the
            // 'Email required' answer to a blank entry (SPEC.md section 5). inputMode keeps the keyboard.
            type="text"
            inputMode="email"
            name="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" size="lg" block disabled={email === ''}>
            Access Dashboard
          </Button>
        </EntryForm>
        <p>
          Not a member yet? <Link to={paths.experiment}>Join the 90-Day Experiment</Link>
        </p>
      </ScreenCard>
    </CenteredScreen>
  );
}
