import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button, ButtonLink, ExternalButtonLink } from './Button';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: { children: 'Join the Experiment', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Experiment' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Watch Our Story' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Watch Our Story' })).toBeEnabled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, children: 'JOINING...' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'JOINING...' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Links: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1rem' }}>
      <ButtonLink to="/experiment">Join Experiment</ButtonLink>
      <ExternalButtonLink href="https://shop.pausereflectretry.org" variant="secondary">
        Visit the shop
      </ExternalButtonLink>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Join Experiment' })).toHaveAttribute('href', '/experiment');
    const shop = canvas.getByRole('link', { name: 'Visit the shop' });
    await expect(shop).toHaveAttribute('target', '_blank');
    await expect(shop).toHaveAttribute('rel', 'noopener noreferrer');
  },
};
