import { SIGN_IN_MESSAGES } from '@prr/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EmailEntry } from './EmailEntry';

const meta = {
  title: 'Dashboard/EmailEntry',
  component: EmailEntry,
  args: { onSubmit: fn() },
} satisfies Meta<typeof EmailEntry>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
    await expect(canvas.getByText('Enter the email you used to join the 90-Day Experiment')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Access Dashboard' })).toBeDisabled();
  },
};

/** Enter submits, with the e-mail trimmed. */
export const SubmitWithEnter: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const field = canvas.getByLabelText('Email address');
    await userEvent.type(field, '  jordan@example.com {Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('jordan@example.com');
  },
};

export const SubmitWithButton: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByLabelText('Email address'), 'jordan@example.com');
    const button = canvas.getByRole('button', { name: 'Access Dashboard' });
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await expect(args.onSubmit).toHaveBeenCalledWith('jordan@example.com');
  },
};

/** Only spaces: the button is enabled, but the form answers with the 'Email required' toast. */
export const WhitespaceOnly: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByLabelText('Email address'), '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Access Dashboard' }));
    await expect(await canvas.findByText('Email required')).toBeInTheDocument();
    await expect(canvas.getByText('Please enter your email to access your dashboard.')).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The sign-in request is on its way: the button says so and waits. */
export const Sending: Story = {
  args: { pending: true, defaultEmail: 'jordan@example.com' },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await userEvent.type(canvas.getByLabelText('Email address'), '{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A problem from the last try (here the server's rate limit), said as an alert. */
export const WithError: Story = {
  args: { error: SIGN_IN_MESSAGES.tooManyForAddress, defaultEmail: 'jordan@example.com' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.tooManyForAddress);
    await expect(canvas.getByLabelText('Email address')).toHaveValue('jordan@example.com');
    await expect(canvas.getByRole('button', { name: 'Access Dashboard' })).toBeEnabled();
  },
};

/** After signing out: a calm notice, and focus on the heading so the change is announced. */
export const SignedOut: Story = {
  parameters: { visual: { disable: true } },
  args: { notice: 'You have signed out. See you next time.', focusOnArrival: 'heading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('You have signed out.');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toHaveFocus();
  },
};

/** For another address: the field is focused and empty. */
export const DifferentEmail: Story = {
  parameters: { visual: { disable: true } },
  args: { focusOnArrival: 'field' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Email address')).toHaveFocus();
    await expect(canvas.getByLabelText('Email address')).toHaveValue('');
  },
};

export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
    // The card and its field fit the phone's width.
    await expect(canvas.getByLabelText('Email address').getBoundingClientRect().right).toBeLessThanOrEqual(
      window.innerWidth,
    );
    await expect(canvas.getByRole('button', { name: 'Access Dashboard' })).toBeDisabled();
  },
};
