import type { Meta, StoryObj } from '@storybook/react-vite';
import { TIMEZONES } from '@prr/contract';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { Select } from './Select';

function SelectDemo() {
  const [value, setValue] = useState<string>('America/New_York');
  return (
    <div style={{ width: 320, padding: '2rem', minHeight: 420 }}>
      <Select label="Timezone" value={value} onValueChange={setValue} options={TIMEZONES} />
    </div>
  );
}

const meta = { title: 'Primitives/Select', component: SelectDemo, tags: ['autodocs'] } satisfies Meta<
  typeof SelectDemo
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseOption: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Timezone' });
    await expect(trigger).toHaveTextContent('Eastern Time (New York)');
    await userEvent.click(trigger);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('option', { name: 'Tokyo' }));
    await expect(trigger).toHaveTextContent('Tokyo');
  },
};
