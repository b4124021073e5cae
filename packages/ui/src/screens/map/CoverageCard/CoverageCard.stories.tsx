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

export const Empty: Story = {
  args: { covered: 0 },
};

export const AllStates: Story = {
  args: { covered: 50 },
};
