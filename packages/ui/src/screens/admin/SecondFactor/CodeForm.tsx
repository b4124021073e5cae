/**
 * One code field and its button: an authenticator app's six digits or a recovery code. The
 * field's own check runs first; the server's refusal (a wrong or used code) shows under the field.
 */
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '../../../primitives';
import { StepForm } from './StepHeading';

export type CodeKind = 'totp' | 'recovery';

const FIELD = {
  totp: { label: 'Authenticator code', hint: 'The 6 digits your authenticator app shows now.' },
  recovery: { label: 'Recovery code', hint: 'One of the codes you saved, such as K7QF2-MXD9P. Each works once.' },
} as const;

/** The field's own check, before the server is asked; undefined when the code may be sent. */
export function codeProblem(kind: CodeKind, code: string): string | undefined {
  const typed = code.replace(/[\s-]/g, '');
  if (typed === '') return 'Enter the code';
  if (kind === 'totp' && !/^\d{6}$/.test(typed)) return 'Enter the 6 digits from your app';
  if (kind === 'recovery' && typed.length !== 10) return 'A recovery code has 10 letters and digits';
  return undefined;
}

export interface CodeFormProps {
  kind: CodeKind;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's message for the last code sent, if it was refused. */
  serverError?: string | undefined;
  onSubmit: (code: string) => void;
}

export function CodeForm({ kind, submitLabel, pendingLabel, pending, serverError, onSubmit }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = codeProblem(kind, code);
    setProblem(found);
    if (!found) onSubmit(code.trim());
  };
  return (
    <StepForm onSubmit={submit} noValidate>
      <TextField
        label={FIELD[kind].label}
        hint={FIELD[kind].hint}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoCapitalize={kind === 'recovery' ? 'characters' : 'off'}
        spellCheck={false}
        {...(kind === 'totp' ? { inputMode: 'numeric' as const, maxLength: 6 } : { maxLength: 20 })}
        error={problem ?? serverError}
      />
      <Button type="submit" block size="lg" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </StepForm>
  );
}
