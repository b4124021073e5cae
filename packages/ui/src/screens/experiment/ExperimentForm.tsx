/**
 * The three steps. Enter in a field does what the visible button does (Continue, then Join); the
 * checks are presence, plus the e-mail's format on step 1 (docs/product/rules.md#validation), and each
 * new step moves focus to its heading so screen-reader users hear where they are. The server's field
 * messages go under their fields: the form goes back to the field's step and focuses it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isRateLimited, rateLimitMessage, useJoinMovement } from '../../api';
import { fieldMessages } from '../../api/fieldMessages';
import { useJoinContext } from '../../api/joinContext';
import { useMemberEmail } from '../../hooks/useMemberEmail';
import { Button, Label, TextArea, TextField, toast } from '../../primitives';
import {
  canLeaveFirstStep,
  emailProblem,
  EXPERIMENT_STEPS,
  hasRequiredFields,
  INITIAL_EXPERIMENT_FORM,
  JOIN_FIELD_STEPS,
  JOIN_FIELDS,
  joinPayload,
  type ExperimentFormState,
  type JoinField,
} from './experimentForm';
import * as S from './ExperimentPage.styles';

const STEP_TITLES = ['About you', 'Where you are', 'Your hopes'] as const;

export interface ExperimentFormProps {
  /** Called with the member's name once the server has accepted the sign-up. */
  onJoined: (name: string) => void;
}

export function ExperimentForm({ onJoined }: ExperimentFormProps) {
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<ExperimentFormState>(INITIAL_EXPERIMENT_FORM);
  const { remember } = useMemberEmail();
  const [errors, setErrors] = useState<Partial<Record<JoinField, string>>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputs = useRef<Partial<Record<JoinField, HTMLInputElement | null>>>({});
  /** The field a step change should focus instead of the step's heading (a field with a message). */
  const focusOnStep = useRef<JoinField | null>(null);
  const movedRef = useRef(false);
  const context = useJoinContext();
  const join = useJoinMovement();

  useEffect(() => {
    // Not on first render: the page should not jump into the form on arrival.
    if (!movedRef.current) return;
    const field = focusOnStep.current;
    focusOnStep.current = null;
    (field ? inputs.current[field] : headingRef.current)?.focus();
  }, [step]);

  const update = <K extends keyof ExperimentFormState>(key: K, value: ExperimentFormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    // A message was about the old text.
    setErrors(({ [key]: _old, ...rest }) => rest);
  };

  const goTo = (next: number) => {
    movedRef.current = true;
    setStep(next);
  };

  /** Shows the messages under their fields and focuses the first, on its step. */
  const showFieldErrors = (messages: [JoinField, string][]) => {
    const [first] = messages;
    if (!first) return;
    setErrors(Object.fromEntries(messages));
    const [field] = first;
    if (JOIN_FIELD_STEPS[field] === step) {
      inputs.current[field]?.focus();
    } else {
      focusOnStep.current = field;
      goTo(JOIN_FIELD_STEPS[field]);
    }
  };

  /** A server-checked field's ref, message and value. */
  const fieldProps = (field: JoinField) => ({
    name: field,
    required: true,
    value: form[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    error: errors[field],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[field] = input;
    },
  });

  const submit = () => {
    if (!hasRequiredFields(form)) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
        variant: 'destructive',
      });
      return;
    }
    const payload = joinPayload(form, context);
    setErrors({});
    join.mutate(
      { body: payload },
      {
        onSuccess: () => {
          // A new member is signed in on this browser (the server's cookie), so the welcome screen's
          // link opens the dashboard; the e-mail is kept for the session, for the e-mail entry.
          remember(payload.email);
          toast({
            title: 'Welcome to the Experiment! 🎉',
            description: 'Check your email for your first daily reflection.',
          });
          onJoined(payload.name);
        },
        onError: (error) => {
          // The server named what is wrong: the messages go under the fields, not in a toast.
          const messages = fieldMessages(error, JOIN_FIELDS);
          if (messages.length > 0) return showFieldErrors(messages);
          toast({
            title: 'Something went wrong',
            // The documented words for a failure (docs/product/screens.md#messages); a rate limit says which one and how long to wait.
            description: isRateLimited(error) ? rateLimitMessage(error) : 'Please try again or contact us for help.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 1) {
      if (!canLeaveFirstStep(form)) {
        toast({ title: 'Please complete this step', description: 'Name and email are required to continue.' });
        return;
      }
      const problem = emailProblem(form.email);
      if (problem) {
        showFieldErrors([['email', problem]]);
        return;
      }
      goTo(2);
    } else if (step < EXPERIMENT_STEPS) {
      goTo(step + 1);
    } else if (!join.isPending) {
      submit();
    }
  };

  return (
    // noValidate: the browser must not add format checks of its own (docs/product/rules.md#validation).
    <form noValidate onSubmit={onSubmit} aria-labelledby="experiment-step-title">
      {/* Visual only: the step heading below says the same to assistive technology. */}
      <S.StepHeader aria-hidden>
        <S.StepCount>
          Step {step} of {EXPERIMENT_STEPS}
        </S.StepCount>
        <S.StepDots>
          {STEP_TITLES.map((title, index) => (
            <S.StepDot key={title} $done={index + 1 < step} $active={index + 1 === step} />
          ))}
        </S.StepDots>
      </S.StepHeader>
      <S.StepTitle id="experiment-step-title" ref={headingRef} tabIndex={-1}>
        <span className="visually-hidden">
          Step {step} of {EXPERIMENT_STEPS}:{' '}
        </span>
        {STEP_TITLES[step - 1]}
      </S.StepTitle>

      <S.Fields>
        {step === 1 ? (
          <>
            <TextField label="Your name" autoComplete="name" {...fieldProps('name')} />
            <TextField
              label="Email address"
              type="email"
              autoComplete="email"
              hint="Your daily reflection arrives here, and it opens your dashboard."
              {...fieldProps('email')}
            />
          </>
        ) : null}

        {step === 2 ? (
          <TextField
            label="Zip code"
            autoComplete="postal-code"
            inputMode="numeric"
            hint="It puts your state on the Movement Map. Nothing else."
            {...fieldProps('zipCode')}
          />
        ) : null}

        {step === 3 ? (
          <>
            <div>
              <Label htmlFor="experiment-hopes">What do you hope will change in the next 90 days?</Label>
              <S.Optional id="experiment-hopes-hint">Optional, and it stays on this device.</S.Optional>
              <TextArea
                id="experiment-hopes"
                name="hopes"
                aria-describedby="experiment-hopes-hint"
                value={form.hopes}
                onChange={(e) => update('hopes', e.target.value)}
                placeholder="Fewer arguments at dinner, calmer team meetings, talking again with an old friend..."
              />
            </div>
            <S.Check>
              <input
                type="checkbox"
                name="trackingId"
                checked={form.trackingId}
                onChange={(e) => update('trackingId', e.target.checked)}
              />
              <span>Track my progress with a personal ID</span>
            </S.Check>
            <S.Check>
              <input
                type="checkbox"
                name="updates"
                checked={form.updates}
                onChange={(e) => update('updates', e.target.checked)}
              />
              <span>Send me updates and special offers</span>
            </S.Check>
          </>
        ) : null}
      </S.Fields>

      <S.Buttons>
        <Button variant="ghost" onClick={() => goTo(step - 1)} disabled={step === 1}>
          Previous
        </Button>
        {step < EXPERIMENT_STEPS ? (
          <Button key="continue" type="submit">
            Continue
          </Button>
        ) : (
          <Button key="join" type="submit" disabled={join.isPending}>
            {join.isPending ? 'Joining...' : 'Join the Experiment'}
          </Button>
        )}
      </S.Buttons>
    </form>
  );
}
