import { api, SIGN_IN_MAX_WRONG_CODES, SIGN_IN_MESSAGES } from '@prr/contract';
import { delayed, failing, MOCK_SIGN_IN_CODE, mockDb, onRoute, scenarios, startMockSignIn } from '@prr/mocks';
import { demoMember } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memberEmailStore } from '../../../hooks/useMemberEmail';
import { renderScreen } from '../testUtils';
import { CheckEmail } from './CheckEmail';

function renderStep() {
  const onUseDifferentEmail = vi.fn();
  const onSignedIn = vi.fn();
  const result = renderScreen(
    <CheckEmail email={demoMember.email} onUseDifferentEmail={onUseDifferentEmail} onSignedIn={onSignedIn} />,
  );
  return { ...result, onUseDifferentEmail, onSignedIn, code: screen.getByLabelText('Sign-in code') };
}

describe('CheckEmail', () => {
  beforeEach(() => {
    // Signed out, with the e-mail already sent: the step as the entry screen leaves it.
    mockDb.ambientMemberId = null;
    startMockSignIn(demoMember.email);
    memberEmailStore.forget();
  });

  it('says where the code and link went and for how long, and focuses its heading', () => {
    renderStep();
    expect(screen.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toHaveFocus();
    expect(screen.getByText(/We sent a 6-digit code/)).toHaveTextContent(
      `We sent a 6-digit code and a sign-in link to ${demoMember.email}. Both work for 10 minutes.`,
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  it('signs in with the right code and says who', async () => {
    const { user, code, onSignedIn } = renderStep();
    await user.type(code, MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ email: demoMember.email })));
    expect(memberEmailStore.read()).toBe(demoMember.email);
  });

  it('keeps only digits, six at most', async () => {
    const { user, code } = renderStep();
    await user.type(code, '12a3 4');
    expect(code).toHaveValue('1234');
    await user.clear(code);
    await user.click(code);
    await user.paste('1234567\n');
    expect(code).toHaveValue('123456');
  });

  it(`shows wrongCode under the field, then codeExpired after ${SIGN_IN_MAX_WRONG_CODES} wrong codes`, async () => {
    const { user, code } = renderStep();
    for (let i = 1; i < SIGN_IN_MAX_WRONG_CODES; i += 1) {
      await user.clear(code);
      await user.type(code, '000000{Enter}');
      expect(await screen.findByText(SIGN_IN_MESSAGES.wrongCode)).toBeInTheDocument();
    }
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining(SIGN_IN_MESSAGES.wrongCode));
    await user.clear(code);
    await user.type(code, '000000{Enter}');
    expect(await screen.findByText(SIGN_IN_MESSAGES.codeExpired)).toBeInTheDocument();
  });

  it("'Send a new code' puts an expired code's message away and confirms the new one", async () => {
    server.use(...scenarios.signInExpired);
    const { user, code } = renderStep();
    await user.type(code, `${MOCK_SIGN_IN_CODE}{Enter}`);
    expect(await screen.findByText(SIGN_IN_MESSAGES.codeExpired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way.');
    expect(screen.queryByText(SIGN_IN_MESSAGES.codeExpired)).not.toBeInTheDocument();
    expect(code).toHaveValue('');
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it("shows the resend limit in the server's words", async () => {
    server.use(...scenarios.signInResendLimit);
    const { user } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.tooManyForAddress);
    expect(screen.queryByText('A new code is on its way.')).not.toBeInTheDocument();
  });

  it("reads 'Signing in...' and waits while the code is checked, and sends the code as typed", async () => {
    const bodies: unknown[] = [];
    server.use(
      onRoute(api.signInWithCode, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
      delayed(api.signInWithCode, 'infinite'),
    );
    const { user, code } = renderStep();
    await user.type(code, `${MOCK_SIGN_IN_CODE}{Enter}`);
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(bodies).toEqual([{ email: demoMember.email, code: MOCK_SIGN_IN_CODE }]);
  });

  it('says so, not under the field, when the server fails', async () => {
    server.use(failing(api.signInWithCode, 500));
    const { user, code } = renderStep();
    await user.type(code, `${MOCK_SIGN_IN_CODE}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't sign you in just now.");
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it("'Use a different e-mail' goes back", async () => {
    const { user, onUseDifferentEmail } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    expect(onUseDifferentEmail).toHaveBeenCalledOnce();
  });
});
