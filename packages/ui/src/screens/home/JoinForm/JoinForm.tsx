/**
 * The home page sign-up (docs/product/screens.md#home-join-form). Every field is required: an empty one
 * shows the 'Missing Information' toast and sends nothing. The form uses noValidate so that toast,
 * not the browser's bubble, is what visitors see; the required flags stay for assistive technology.
 * The server's own field messages (a malformed e-mail, a ZIP code too long) go under their fields,
 * and focus moves to the first of them. While sending the button reads 'JOINING...'; success clears
 * the form (and the hook refreshes the movement's stats). The join also carries the browser's time
 * zone and the page's ?invite= code (joinContext).
 */
import { JOIN_FORM_PATH, type JoinRequest } from '@prr/contract';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { isRateLimited, rateLimitMessage, useJoinMovement } from '../../../api';
import { fieldMessages } from '../../../api/fieldMessages';
import { useJoinContext } from '../../../api/joinContext';
import { Button, Container, TextField, toast } from '../../../primitives';
import { Eyebrow, HomeSection, SplitLayout } from '../HomeSection';
import { sectionIds } from '../sectionIds';
import { withQueries } from '../../../islands/withQueries';
import { withToasts } from '../../../islands/withToasts';

/** The fields the visitor types, in the form's order (the first with a message takes focus). */
const FIELDS = ['name', 'email', 'zipCode'] as const;
type Field = (typeof FIELDS)[number];
type Values = Pick<JoinRequest, Field>;

const emptyForm: Values = { name: '', email: '', zipCode: '' };

export function JoinForm() {
  const [values, setValues] = useState<Values>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const context = useJoinContext();
  const join = useJoinMovement();

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // The server's message was about the old text.
    setErrors(({ [field]: _old, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: JoinRequest = {
      name: values.name.trim(),
      email: values.email.trim(),
      zipCode: values.zipCode.trim(),
      ...context,
    };
    if (!body.name || !body.email || !body.zipCode) {
      toast({ title: 'Missing Information', description: 'Please fill in all fields.', variant: 'destructive' });
      return;
    }
    setErrors({});
    join.mutate(
      { body },
      {
        onSuccess: () => {
          toast({
            title: 'Welcome to the movement!',
            description: 'Thank you for joining us in fighting polarization and division.',
          });
          setValues(emptyForm);
        },
        onError: (error) => {
          // The server named what is wrong: the messages go under the fields, not in a toast.
          const messages = fieldMessages(error, FIELDS);
          const [first] = messages;
          if (first) {
            setErrors(Object.fromEntries(messages));
            inputs.current[first[0]]?.focus();
            return;
          }
          toast({
            title: 'Error',
            // The documented words for a failure (docs/product/screens.md#messages); a rate limit says which one and how long to wait.
            description: isRateLimited(error)
              ? rateLimitMessage(error)
              : 'There was a problem joining the movement. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  /** A field's ref, error and change handler. */
  const fieldProps = (field: Field) => ({
    name: field,
    required: true,
    value: values[field],
    onChange: update(field),
    error: errors[field],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[field] = input;
    },
  });

  return (
    <HomeSection id={sectionIds.join} $tone="sand" aria-labelledby="join-title">
      <Container>
        <SplitLayout $columns="1.1fr 1fr">
          <Pitch>
            <Eyebrow $align="left">Be a peacemaker</Eyebrow>
            <Title id="join-title">Join the Movement</Title>
            <p>
              Help us reach 50,000 people who choose a better way than contempt. It starts with one pause, and it grows
              every time someone you love sees you take it.
            </p>
            <Benefits>
              <li>Your first daily reflection, straight to your inbox</li>
              <li>Stories and practical tips from peacemakers across the country</li>
              <li>Updates on events like FUNFest, plus special offers from our shop</li>
            </Benefits>
          </Pitch>

          {/* Posted as a plain HTML form until the island has hydrated, or with no script at all (docs/decisions/031-islands.md). */}
          <FormCard method="post" action={JOIN_FORM_PATH} onSubmit={submit} noValidate aria-labelledby="join-title">
            <TextField label="Name" autoComplete="name" {...fieldProps('name')} />
            <TextField label="Email" type="email" autoComplete="email" {...fieldProps('email')} />
            <TextField label="Zip code" autoComplete="postal-code" inputMode="numeric" {...fieldProps('zipCode')} />
            <Button type="submit" size="lg" block disabled={join.isPending}>
              {join.isPending ? 'JOINING...' : 'Join the Movement'}
            </Button>
            <Privacy>We’ll only use your details to send you the movement’s e-mails. Unsubscribe at any time.</Privacy>
          </FormCard>
        </SplitLayout>
      </Container>
    </HomeSection>
  );
}

const Pitch = styled.div`
  p {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

const Benefits = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  li::marker {
    color: ${({ theme }) => theme.colors.brand};
  }
`;

const FormCard = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const Privacy = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;

/**
 * The island's root on the static home page: the form with a query client of its own
 * (islands/withQueries.tsx) and the toast region its messages show in.
 */
export const JoinFormIsland = withToasts(withQueries(JoinForm));
