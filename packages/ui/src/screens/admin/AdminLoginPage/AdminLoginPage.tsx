/**
 * /admin/login (docs/product/screens.md#admin-sign-in): e-mail and password checked by the contract's schema
 * with each message under its field, the server's answer as a toast, and on success the browser's
 * admin flag and name stored before /admin opens. When the server asks for a second factor, the
 * prompt follows; when one must be set up, the enrolment and then the recovery codes
 * (docs/decisions/027-admin-second-factor.md). An admin whose browser already holds the flag is
 * sent on to /admin (which sends them back, without the flag, if the server's session has ended).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminLoginRequest, type Admin, type SecondFactorMethods } from '@prr/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAdminLogin, useAdminLoginInfo } from '../../../api';
import { paths } from '../../../config';
import { useAdminSession } from '../../../hooks/useAdminSession';
import { Button, Card, Page, Section, TextField, toast } from '../../../primitives';
import { messageOr } from '../adminErrors';
import { PasswordField } from '../PasswordField';
import { Enrolment, RecoveryCodesStep, SecondFactorPrompt } from '../SecondFactor';

/** Where the sign-in stands after the password. */
type Step =
  | { kind: 'password' }
  | { kind: 'verify'; methods: SecondFactorMethods }
  | { kind: 'enrol' }
  | { kind: 'recovery-codes'; admin: Admin; codes: string[] };

export function AdminLoginPage() {
  const { isAdmin } = useAdminSession();
  // Decided before the form mounts, so a signed-in admin never asks for the login info.
  if (isAdmin) return <Navigate to={paths.admin} replace />;
  return <AdminLoginForm />;
}

function AdminLoginForm() {
  const navigate = useNavigate();
  const { signIn } = useAdminSession();
  const info = useAdminLoginInfo();
  const login = useAdminLogin();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(AdminLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  const signedIn = (admin: Admin) => {
    signIn(admin.name);
    toast({ title: 'Login successful', description: `Welcome back, ${admin.name}!` });
    navigate(paths.admin);
  };

  const onSubmit = handleSubmit((body) => {
    login.mutate(
      { body },
      {
        onSuccess: ({ admin, secondFactor, methods }) => {
          if (secondFactor === 'required') setStep({ kind: 'verify', methods });
          else if (secondFactor === 'enrol') setStep({ kind: 'enrol' });
          else signedIn(admin);
        },
        onError: (error) => {
          toast({
            title: 'Login failed',
            description: messageOr(error, 'Invalid credentials'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  const demo = info.data?.demoCredentials;

  if (step.kind !== 'password') {
    return (
      <Page>
        <Section>
          <Narrow>
            <Card>
              {step.kind === 'verify' ? <SecondFactorPrompt methods={step.methods} onSignedIn={signedIn} /> : null}
              {step.kind === 'enrol' ? (
                <Enrolment onEnrolled={(admin, codes) => setStep({ kind: 'recovery-codes', admin, codes })} />
              ) : null}
              {step.kind === 'recovery-codes' ? (
                <RecoveryCodesStep
                  codes={step.codes}
                  doneLabel="Continue to the dashboard"
                  onDone={() => signedIn(step.admin)}
                />
              ) : null}
            </Card>
          </Narrow>
        </Section>
      </Page>
    );
  }

  return (
    <Page>
      <Section>
        <Narrow>
          <Card>
            <Title>Admin Login</Title>
            <Subtitle>Sign in to manage participants</Subtitle>
            <Form onSubmit={onSubmit} noValidate>
              <TextField
                label="Email"
                type="email"
                autoComplete="username"
                error={errors.email?.message}
                {...register('email')}
              />
              <PasswordField
                label="Password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...register('password')}
              />
              <Button type="submit" block size="lg" disabled={login.isPending}>
                {login.isPending ? 'Signing in...' : 'Sign In'}
              </Button>
            </Form>
            {demo ? (
              <Demo aria-labelledby="demo-credentials-title">
                <DemoTitle id="demo-credentials-title">Demo credentials</DemoTitle>
                <DemoList>
                  <dt>Email</dt>
                  <dd>{demo.email}</dd>
                  <dt>Password</dt>
                  <dd>{demo.password}</dd>
                </DemoList>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setValue('email', demo.email, { shouldValidate: true });
                    setValue('password', demo.password, { shouldValidate: true });
                  }}
                >
                  Use demo credentials
                </Button>
              </Demo>
            ) : null}
          </Card>
        </Narrow>
      </Section>
    </Page>
  );
}

const Narrow = styled.div`
  width: 100%;
  max-width: 28rem;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  margin: 0 0 ${({ theme }) => theme.space.xs};
  text-align: center;
`;

const Subtitle = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  text-align: center;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Demo = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px dashed ${({ theme }) => theme.colors.brand};
  background: ${({ theme }) => theme.colors.brandSoft};
`;

const DemoTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md};
  margin: 0 0 ${({ theme }) => theme.space.sm};
`;

const DemoList = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    overflow-wrap: anywhere;
  }
`;
