import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TextField } from './TextField';

const meta = {
  title: 'Primitives/TextField',
  component: TextField,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { label: 'Email', type: 'email', name: 'email', placeholder: 'you@example.com' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Email');
    await userEvent.type(input, 'ada@example.com');
    await expect(input).toHaveValue('ada@example.com');
  },
};

export const WithError: Story = {
  args: { error: 'Invalid email address', defaultValue: 'not-an-email' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Email');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Invalid email address');
  },
};

/** The hint under the field is its accessible description. */
export const WithHint: Story = {
  args: { label: 'Zip code', type: 'text', hint: 'Five digits, e.g. 43215' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Zip code');
    await expect(input).toHaveAccessibleDescription('Five digits, e.g. 43215');
    await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  },
};
