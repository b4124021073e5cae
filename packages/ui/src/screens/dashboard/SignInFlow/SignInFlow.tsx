/**
 * The dashboard for a browser nobody is signed in on: the e-mail entry asks the server to e-mail
 * a code and a link, then 'Check your e-mail' takes the code. An address no member has (or any
 * other failed request, as a failed lookup always did) shows Member Not Found; a rate limit is said on the
 * entry screen in the server's words.
 */
import { useState } from 'react';
import { useRequestSignIn } from '../../../api';
import { useMemberEmail } from '../../../hooks/useMemberEmail';
import { CheckEmail } from '../CheckEmail';
import { EmailEntry } from '../EmailEntry';
import { MemberNotFound } from '../MemberNotFound';
import { isRateLimited, rateLimitMessage } from '../signInErrors';

export interface SignInFlowProps {
  /** Said on the entry screen until the member asks for a code: a problem, e.g. an expired link. */
  error?: string | null;
  /** Said the same way, calmly: e.g. that the member has signed out. */
  notice?: string | null;
  /** Where focus goes when the entry screen opens (see EmailEntry). */
  focusOnArrival?: 'heading' | 'field';
}

type Step = { name: 'entry'; focus?: 'heading' | 'field' } | { name: 'check'; email: string } | { name: 'notFound' };

export function SignInFlow({ error, notice, focusOnArrival }: SignInFlowProps) {
  const { email: keptEmail, remember, forget } = useMemberEmail();
  const [step, setStep] = useState<Step>({ name: 'entry' });
  // What the page said on arrival stays until the member acts on it.
  const [arrivalDismissed, setArrivalDismissed] = useState(false);
  const [entryError, setEntryError] = useState<string | null>(null);
  const request = useRequestSignIn();

  const ask = (email: string) => {
    setArrivalDismissed(true);
    setEntryError(null);
    request.mutate(
      { body: { email } },
      {
        onSuccess: () => {
          remember(email);
          setStep({ name: 'check', email });
        },
        onError: (failure) => {
          if (isRateLimited(failure)) setEntryError(rateLimitMessage(failure));
          else setStep({ name: 'notFound' });
        },
      },
    );
  };

  // Another address: the one kept for the session is not it, so the field starts empty.
  const startOver = () => {
    forget();
    request.reset();
    setStep({ name: 'entry', focus: 'field' });
  };

  if (step.name === 'check') return <CheckEmail email={step.email} onUseDifferentEmail={startOver} />;
  if (step.name === 'notFound') return <MemberNotFound onTryDifferentEmail={startOver} />;
  return (
    <EmailEntry
      // The kept address is read after hydration (the signed-out page's HTML has none): the field takes it then.
      key={keptEmail ?? ''}
      onSubmit={ask}
      pending={request.isPending}
      error={entryError ?? (arrivalDismissed ? null : error)}
      notice={arrivalDismissed ? null : notice}
      defaultEmail={keptEmail ?? ''}
      focusOnArrival={step.focus ?? focusOnArrival}
    />
  );
}
