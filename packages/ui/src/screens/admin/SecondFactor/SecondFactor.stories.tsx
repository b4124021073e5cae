import { ADMIN_SECOND_FACTOR_MESSAGES, DEMO_ADMIN, api } from '@prr/contract';
import { MOCK_RECOVERY_CODES, MOCK_TOTP_CODE, MOCK_TOTP_SECRET, delayed, failing, scenarios } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within, type userEvent as UserEvent } from 'storybook/test';
import { paths } from '../../../config';
import { ADMIN_FLAG_KEY, adminSessionStore } from '../../../hooks/useAdminSession';
import { AdminLoginPage } from '../AdminLoginPage';
import { AdminRoutes, adminStoryParameters } from '../adminStoryRoutes';
import { PASSKEY_NOT_MADE } from './Enrolment';
import { PASSKEY_CANCELLED } from './SecondFactorPrompt';
import { cancelledPasskeys, withPasskeys, workingPasskeys } from './storyData';

type Canvas = ReturnType<typeof within>;
type User = Pick<typeof UserEvent, 'click' | 'type'>;

/** The password step, as the admin does it: the second factor comes next. */
async function enterPassword(canvas: Canvas, userEvent: User) {
  await userEvent.type(canvas.getByLabelText('Email'), DEMO_ADMIN.email);
  await userEvent.type(canvas.getByLabelText('Password'), DEMO_ADMIN.password);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
}

/** The step's heading is where the focus is, so keyboard users start there. */
async function expectStep(canvas: Canvas, name: string) {
  const heading = await canvas.findByRole('heading', { level: 1, name });
  await waitFor(() => expect(heading).toHaveFocus());
}

async function expectDashboard(canvas: Canvas) {
  await expect(await canvas.findByText('Login successful')).toBeInTheDocument();
  await expect(await canvas.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
  await waitFor(() => expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true'));
}

const meta = {
  title: 'Admin/Login/Second factor',
  component: AdminLoginPage,
  render: () => <AdminRoutes />,
  parameters: adminStoryParameters(paths.adminLogin),
  decorators: [withPasskeys(workingPasskeys)],
  beforeEach() {
    adminSessionStore.signOut();
    return () => adminSessionStore.signOut();
  },
} satisfies Meta<typeof AdminLoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An admin with a passkey: "Use your passkey" first, the other ways under it. */
export const PromptPasskey: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminWithPasskey);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Use your passkey');
    await expect(canvas.getByRole('button', { name: 'Use an authenticator code instead' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
  },
};

/**
 * The passkey answers: the dashboard opens. The stories that end on the dashboard are not pictured:
 * it is pictured on its own pages.
 */
export const SignedInWithPasskey: Story = {
  ...PromptPasskey,
  parameters: { visual: { disable: true } },
  play: async (context) => {
    await PromptPasskey.play?.(context);
    await context.userEvent.click(context.canvas.getByRole('button', { name: 'Use your passkey' }));
    await expectDashboard(context.canvas);
  },
};

/** The browser's passkey dialog was closed: a message, and the button to try again. */
export const PromptPasskeyCancelled: Story = {
  decorators: [withPasskeys(cancelledPasskeys)],
  beforeEach({ msw }) {
    msw.use(...scenarios.adminWithPasskey);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Use your passkey');
    await userEvent.click(canvas.getByRole('button', { name: 'Use your passkey' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PASSKEY_CANCELLED);
    await expect(canvas.getByRole('button', { name: 'Use your passkey' })).toBeEnabled();
    await expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  },
};

/** The server did not accept the passkey's answer: its message under the button. */
export const PromptPasskeyRefused: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminSecondFactorWrong, ...scenarios.adminWithPasskey);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Use your passkey');
    await userEvent.click(canvas.getByRole('button', { name: 'Use your passkey' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ADMIN_SECOND_FACTOR_MESSAGES.passkeyRefused);
  },
};

/** An admin with TOTP only: the authenticator code first. */
export const PromptTotp: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminWithTotp);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Enter your authenticator code');
    await expect(canvas.queryByRole('button', { name: /passkey/i })).not.toBeInTheDocument();
  },
};

/** The right code, sent with the keyboard's Enter, opens the dashboard. */
export const SignedInWithTotp: Story = {
  ...PromptTotp,
  parameters: { visual: { disable: true } },
  play: async (context) => {
    await PromptTotp.play?.(context);
    await context.userEvent.type(context.canvas.getByLabelText('Authenticator code'), `${MOCK_TOTP_CODE}{Enter}`);
    await expectDashboard(context.canvas);
  },
};

/** From the passkey to the authenticator code, and a way back. */
export const PromptTotpInsteadOfPasskey: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminWithPasskey);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Use your passkey');
    await userEvent.click(canvas.getByRole('button', { name: 'Use an authenticator code instead' }));
    await expectStep(canvas, 'Enter your authenticator code');
    await expect(canvas.getByRole('button', { name: 'Use your passkey instead' })).toBeInTheDocument();
  },
};

/** A wrong code: the server's message under the field, and the admin stays on the step. */
export const PromptWrongCode: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminWithTotp);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Enter your authenticator code');
    const field = canvas.getByLabelText('Authenticator code');
    await userEvent.type(field, '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText(ADMIN_SECOND_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  },
};

/** The field's own check: six digits, before the server is asked. */
export const PromptCodeTooShort: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminWithTotp);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Enter your authenticator code');
    await userEvent.type(canvas.getByLabelText('Authenticator code'), '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText('Enter the 6 digits from your app')).toBeInTheDocument();
  },
};

/** While the code is checked, the button says so and waits. */
export const PromptLoading: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminWithTotp, delayed(api.adminTotpSignIn, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Enter your authenticator code');
    await userEvent.type(canvas.getByLabelText('Authenticator code'), MOCK_TOTP_CODE);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByRole('button', { name: 'Checking...' })).toBeDisabled();
  },
};

/** The recovery code's step, from the passkey's. */
export const PromptRecoveryCode: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminWithPasskey);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Use your passkey');
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code' }));
    await expectStep(canvas, 'Use a recovery code');
  },
};

/** A recovery code signs in once, typed in any case. */
export const SignedInWithRecoveryCode: Story = {
  ...PromptRecoveryCode,
  parameters: { visual: { disable: true } },
  play: async (context) => {
    await PromptRecoveryCode.play?.(context);
    const { canvas, userEvent } = context;
    await userEvent.type(canvas.getByLabelText('Recovery code'), MOCK_RECOVERY_CODES[0].toLowerCase());
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectDashboard(canvas);
  },
};

/** The session of five minutes after the password ended: the server asks to sign in again. */
export const PromptExpired: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminWithTotp, failing(api.adminTotpSignIn, 401, ADMIN_SECOND_FACTOR_MESSAGES.signInAgain));
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Enter your authenticator code');
    await userEvent.type(canvas.getByLabelText('Authenticator code'), MOCK_TOTP_CODE);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText(ADMIN_SECOND_FACTOR_MESSAGES.signInAgain)).toBeInTheDocument();
  },
};

/** An admin who must set up a second factor: a passkey first, or an authenticator app. */
export const EnrolChoose: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminMustEnrol);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Set up a second factor');
    const buttons = canvas.getAllByRole('button');
    await expect(buttons[0]).toHaveTextContent('Set up a passkey');
    await expect(canvas.getByRole('button', { name: 'Use an authenticator app' })).toBeInTheDocument();
  },
};

/** A passkey made: the recovery codes next, shown once, and the way on stays shut until they are saved. */
export const EnrolPasskey: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminMustEnrol);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Set up a second factor');
    await userEvent.click(canvas.getByRole('button', { name: 'Set up a passkey' }));
    await expectStep(canvas, 'Save your recovery codes');
    const codes = within(canvas.getByRole('list', { name: 'Recovery codes' }));
    await expect(codes.getAllByRole('listitem')).toHaveLength(MOCK_RECOVERY_CODES.length);
    await expect(codes.getByText(MOCK_RECOVERY_CODES[0])).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Continue to the dashboard' })).toBeDisabled();
  },
};

/** Only "I have saved these codes" lets the admin on to the dashboard. */
export const EnrolPasskeyDone: Story = {
  ...EnrolPasskey,
  parameters: { visual: { disable: true } },
  play: async (context) => {
    await EnrolPasskey.play?.(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByLabelText('I have saved these codes'));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to the dashboard' }));
    await expectDashboard(canvas);
  },
};

/** The passkey dialog was closed during the set-up: a message, and the other way stays. */
export const EnrolPasskeyCancelled: Story = {
  decorators: [withPasskeys(cancelledPasskeys)],
  beforeEach({ msw }) {
    msw.use(...scenarios.adminMustEnrol);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Set up a second factor');
    await userEvent.click(canvas.getByRole('button', { name: 'Set up a passkey' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PASSKEY_NOT_MADE);
  },
};

/** The authenticator app: the QR code and the key as text, then one code to confirm. */
export const EnrolTotp: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminMustEnrol);
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await expectStep(canvas, 'Set up a second factor');
    await userEvent.click(canvas.getByRole('button', { name: 'Use an authenticator app' }));
    await expectStep(canvas, 'Set up your authenticator app');
    await expect(await canvas.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    await expect(canvas.getByText(MOCK_TOTP_SECRET)).toBeInTheDocument();
  },
};

/** A wrong code is refused under the field; the right one leads to the recovery codes (pictured in EnrolPasskey). */
export const EnrolTotpConfirmed: Story = {
  ...EnrolTotp,
  parameters: { visual: { disable: true } },
  play: async (context) => {
    await EnrolTotp.play?.(context);
    const { canvas, userEvent } = context;
    await userEvent.type(canvas.getByLabelText('Authenticator code'), '111111');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByText(ADMIN_SECOND_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();
    await userEvent.clear(canvas.getByLabelText('Authenticator code'));
    await userEvent.type(canvas.getByLabelText('Authenticator code'), MOCK_TOTP_CODE);
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await expectStep(canvas, 'Save your recovery codes');
  },
};

/** The set-up is being prepared. */
export const EnrolTotpLoading: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminMustEnrol, delayed(api.adminTotpEnrolStart, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await userEvent.click(await canvas.findByRole('button', { name: 'Use an authenticator app' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Preparing your set-up...');
  },
};

/** The set-up could not be prepared: the message, and Try again. */
export const EnrolTotpError: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminMustEnrol, failing(api.adminTotpEnrolStart, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await enterPassword(canvas, userEvent);
    await userEvent.click(await canvas.findByRole('button', { name: 'Use an authenticator app' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Something went wrong on our side');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
