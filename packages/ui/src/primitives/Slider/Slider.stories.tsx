import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { Slider, type SliderProps } from './Slider';

function ControlledSlider(props: Omit<SliderProps, 'value' | 'onValueChange'> & { initial: number }) {
  const { initial, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <div style={{ width: 320, padding: '2rem' }}>
      <Slider {...rest} value={value} onValueChange={setValue} />
      <output>{value}</output>
    </div>
  );
}

const meta = {
  title: 'Primitives/Slider',
  component: ControlledSlider,
  tags: ['autodocs'],
  args: { label: 'Mood', min: 1, max: 10, step: 1, initial: 5 },
} satisfies Meta<typeof ControlledSlider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const thumb = canvas.getByRole('slider', { name: 'Mood' });
    await expect(thumb).toHaveAttribute('aria-valuenow', '5');
    thumb.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(thumb).toHaveAttribute('aria-valuenow', '6');
    // Clamped at max.
    await userEvent.keyboard('{End}{ArrowRight}');
    await expect(thumb).toHaveAttribute('aria-valuenow', '10');
    await userEvent.keyboard('{Home}');
    await expect(thumb).toHaveAttribute('aria-valuenow', '1');
  },
};

/** Fractional steps, as the audio player's volume uses them. */
export const Volume: Story = {
  args: { label: 'Volume', min: 0, max: 1, step: 0.1, initial: 0.7 },
  play: async ({ canvas }) => {
    const thumb = canvas.getByRole('slider', { name: 'Volume' });
    await expect(thumb).toHaveAttribute('aria-valuemin', '0');
    await expect(thumb).toHaveAttribute('aria-valuemax', '1');
    await expect(thumb).toHaveAttribute('aria-valuenow', '0.7');
  },
};
