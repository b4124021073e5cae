import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { Switch } from './Switch';

function ControlledSwitch({ initial }: { initial: boolean }) {
  const [checked, setChecked] = useState(initial);
  return (
    <div style={{ width: 360, padding: '2rem' }}>
      <Switch
        label="Email reminders"
        description="A short nudge at your chosen time"
        checked={checked}
        onCheckedChange={setChecked}
      />
    </div>
  );
}

const meta = {
  title: 'Primitives/Switch',
  component: ControlledSwitch,
  tags: ['autodocs'],
  args: { initial: true },
} satisfies Meta<typeof ControlledSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Toggle: Story = {
  play: async ({ canvas, userEvent }) => {
    const control = canvas.getByRole('switch', { name: 'Email reminders' });
    await expect(control).toBeChecked();
    await userEvent.click(canvas.getByText('Email reminders'));
    await expect(control).not.toBeChecked();
    control.focus();
    await userEvent.keyboard(' ');
    await expect(control).toBeChecked();
  },
};
