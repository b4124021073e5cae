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

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
    // The card and its field fit the phone's width.
    await expect(canvas.getByLabelText('Email address').getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(canvas.getByRole('button', { name: 'Access Dashboard' })).toBeDisabled();
  },
};
