import { stateCounts } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withFrame } from '../storyDecorators';
import { TopStates } from './TopStates';

const meta = {
  title: 'Map/TopStates',
  component: TopStates,
  args: { records: stateCounts },
  decorators: [withFrame('380px')],
} satisfies Meta<typeof TopStates>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The five largest states, #1 highlighted. */
export const Success: Story = {
  play: async ({ canvas }) => {
    const rows = canvas.getAllByRole('listitem');
    await expect(rows.map((row) => row.textContent)).toEqual([
      '#1California1,240',
      '#2Texas980',
      '#3New York860',
      '#4Florida720',
      '#5Illinois540',
    ]);
  },
};

/** Fewer than five states have peacemakers: only those are ranked. */
export const FewStates: Story = {
  args: {
    records: [
      { state: 'Vermont', stateCode: 'VT', peacemakers: 3 },
      { state: 'Ohio', stateCode: 'OH', peacemakers: 7 },
      { state: 'Texas', stateCode: 'TX', peacemakers: 0 },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['#1Ohio7', '#2Vermont3']);
  },
};

export const Empty: Story = {
  args: { records: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No peacemakers on the map yet/)).toBeInTheDocument();
  },
};
