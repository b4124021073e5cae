import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { jordan } from '../storyData';
import { tabFrame } from '../storyDecorators';
import { AccountBar } from './AccountBar';

const meta = {
  title: 'Dashboard/AccountBar',
  component: AccountBar,
  args: { member: jordan, onSignOut: fn() },
  decorators: [tabFrame()],
} satisfies Meta<typeof AccountBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Who is signed in, and the two ways out. */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('region', { name: 'Your account' })).toHaveTextContent(
      `Signed in as ${jordan.name} (${jordan.email})`,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Not you? Use a different e-mail' }));
    await expect(args.onSignOut).toHaveBeenLastCalledWith('differentEmail');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenLastCalledWith('signOut');
  },
};

/** Signing out: both buttons wait, the one pressed says so. */
export const SigningOut: Story = {
  args: { signingOut: 'signOut' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Signing out...' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Not you? Use a different e-mail' })).toBeDisabled();
  },
};

/** Without a way to sign out (e.g. a screen that only shows the member): just who it is. */
export const NameOnly: Story = {
  args: { onSignOut: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Signed in as/)).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** On a phone, with a long address: it wraps rather than pushing the page sideways. */
export const Narrow: Story = {
  args: { member: { ...jordan, email: 'jordan.rivera.longer-than-a-phone@neighbourhood-mediation.example.com' } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Your account' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    await expect(canvas.getByRole('button', { name: 'Sign out' }).getBoundingClientRect().right).toBeLessThanOrEqual(
      window.innerWidth,
    );
  },
};
