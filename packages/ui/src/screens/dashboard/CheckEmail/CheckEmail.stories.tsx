import { api, SIGN_IN_MESSAGES } from '@prr/contract';
import { delayed, MOCK_SIGN_IN_CODE, scenarios, startMockSignIn } from '@prr/mocks';
import { demoMember } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { CheckEmail } from './CheckEmail';

const meta = {
  title: 'Dashboard/CheckEmail',
  component: CheckEmail,
  args: { email: demoMember.email, onUseDifferentEmail: fn(), onSignedIn: fn() },
  // The sign-in e-mail went out, as after the entry screen (its code is MOCK_SIGN_IN_CODE).
  beforeEach() {
    startMockSignIn(demoMember.email);
  },
} satisfies Meta<typeof CheckEmail>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Where the code and link went, for how long; the right code signs Jordan in. */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toHaveFocus();
    await expect(canvas.getByText(/We sent a 6-digit code/)).toHaveTextContent(
      `We sent a 6-digit code and a sign-in link to ${demoMember.email}. Both work for 10 minutes.`,
    );
    const code = canvas.getByLabelText('Sign-in code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('maxlength', '6');
    await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await userEvent.type(code, MOCK_SIGN_IN_CODE);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(args.onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ email: demoMember.email })),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Use a different e-mail' }));
    await expect(args.onUseDifferentEmail).toHaveBeenCalledOnce();
  },
};

/** A wrong code: the server's words under the field, tied to it. */
export const WrongCode: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signInCodeWrong);
  },
  play: async ({ canvas, userEvent }) => {
    const code = canvas.getByLabelText('Sign-in code');
    await userEvent.type(code, '000000{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.wrongCode);
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(expect.stringContaining(SIGN_IN_MESSAGES.wrongCode));
    await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  },
};

/** The code expired (or too many wrong ones used it up); 'Send a new code' sends another. */
export const Expired: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signInExpired);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Sign-in code'), `${MOCK_SIGN_IN_CODE}{Enter}`);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.codeExpired);
    await userEvent.click(canvas.getByRole('button', { name: 'Send a new code' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('A new code is on its way.');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(canvas.getByLabelText('Sign-in code')).toHaveValue('');
  },
};

/** The address had its sign-in e-mails for now: the server's message, beside the button. */
export const ResendLimit: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signInResendLimit);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send a new code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.tooManyForAddress);
    await expect(canvas.queryByText('A new code is on its way.')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  },
};

/** The code is being checked: the button says so and waits. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.signInWithCode, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Sign-in code'), `${MOCK_SIGN_IN_CODE}{Enter}`);
    await expect(await canvas.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  },
};

/** On a phone: the card, the field and both ways on stay within the screen's width. */
export const Narrow: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    for (const element of [
      canvas.getByLabelText('Sign-in code'),
      canvas.getByRole('button', { name: 'Sign In' }),
      canvas.getByRole('button', { name: 'Send a new code' }),
      canvas.getByRole('button', { name: 'Use a different e-mail' }),
    ]) {
      await expect(element.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};
