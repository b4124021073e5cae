import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withFrame } from '../storyDecorators';
import { CoverageCard } from './CoverageCard';

const meta = {
  title: 'Map/CoverageCard',
  component: CoverageCard,
  args: { covered: 49 },
  decorators: [withFrame('380px')],
} satisfies Meta<typeof CoverageCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Coverage' })).toHaveTextContent(
      'CoverageGeographic reach49of 50 statesMovement spanning across America',
    );
  },
};

/** No state has a peacemaker yet: the figure reads 0, not a blank. */
export const Empty: Story = {
  args: { covered: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Coverage' })).toHaveTextContent(
      'CoverageGeographic reach0of 50 statesMovement spanning across America',
    );
  },
};

/** Every state reached. */
export const AllStates: Story = {
  args: { covered: 50 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Coverage' })).toHaveTextContent(
      'CoverageGeographic reach50of 50 statesMovement spanning across America',
    );
  },
};
