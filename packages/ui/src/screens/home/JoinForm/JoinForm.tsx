/**
 * The home page sign-up (docs/product/screens.md#home-join-form). Every field is required: an empty one
 * shows the 'Missing Information' toast and sends nothing. The form uses noValidate so that toast,
 * not the browser's bubble, is what visitors see; the required flags stay for assistive technology.
 * While sending the button reads 'JOINING...'; success clears the form (and the hook refreshes
 * the movement's stats).
 */
import type { JoinRequest } from '@prr/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { isRateLimited, rateLimitMessage, useJoinMovement } from '../../../api';
import { Button, Container, TextField, toast } from '../../../primitives';
import { Eyebrow, HomeSection, SplitLayout } from '../HomeSection';
import { sectionIds } from '../sectionIds';

const emptyForm: JoinRequest = { name: '', email: '', zipCode: '' };

export function JoinForm() {
  const [values, setValues] = useState<JoinRequest>(emptyForm);
  const join = useJoinMovement();

  const update = (field: keyof JoinRequest) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: JoinRequest = { name: values.name.trim(), email: values.email.trim(), zipCode: values.zipCode.trim() };
    if (!body.name || !body.email || !body.zipCode) {
      toast({ title: 'Missing Information', description: 'Please fill in all fields.', variant: 'destructive' });
      return;
    }
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

          <FormCard onSubmit={submit} noValidate aria-labelledby="join-title">
            <TextField
              label="Name"
              name="name"
              autoComplete="name"
              required
              value={values.name}
              onChange={update('name')}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={update('email')}
            />
            <TextField
              label="Zip code"
              name="zipCode"
              autoComplete="postal-code"
              inputMode="numeric"
              required
              value={values.zipCode}
              onChange={update('zipCode')}
            />
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
