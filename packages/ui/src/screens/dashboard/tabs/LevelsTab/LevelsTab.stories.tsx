import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { jordan } from '../../storyData';
import { LevelsTab } from './LevelsTab';
import { tabFrame } from '../../storyDecorators';

const meta = {
  title: 'Dashboard/Tabs/Levels',
  component: LevelsTab,
  args: { member: jordan },
  decorators: [tabFrame(900)],
} satisfies Meta<typeof LevelsTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Jordan: Advocate with 195 points, 105 to Guardian. */
export const Advocate: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Peacemaker Levels' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Guardian' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    await expect(canvas.getByText(/of the way to Guardian/)).toHaveTextContent('105 points to go');
  },
};

/** A member who has just joined: 25 points, Explorer. */
export const NewMember: Story = {
  args: { member: { ...jordan, peacemakerLevel: 'Explorer', levelProgressPoints: 25 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Agent' })).toHaveAttribute('aria-valuenow', '38');
  },
};

export const Guardian: Story = {
  args: { member: { ...jordan, peacemakerLevel: 'Guardian', levelProgressPoints: 340 } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(canvas.getByText(/You have reached the highest level/)).toBeInTheDocument();
  },
};
