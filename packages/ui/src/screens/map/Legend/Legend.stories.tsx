import { BAND_LABELS } from '@prr/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withFrame } from '../storyDecorators';
import { Legend } from './Legend';

const meta = {
  title: 'Map/Legend',
  component: Legend,
  decorators: [withFrame('760px')],
} satisfies Meta<typeof Legend>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every band, palest (none yet) to deepest (1000+), each with its colour. */
export const EveryBand: Story = {
  play: async ({ canvas }) => {
    const legend = within(canvas.getByRole('region', { name: 'Participation Levels' }));
    const items = legend.getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([...BAND_LABELS]);
  },
};

/** The bands wrap onto more lines; none is cut off. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const items = within(canvas.getByRole('region', { name: 'Participation Levels' })).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([...BAND_LABELS]);
    for (const item of items) await expect(item.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
