import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import styled from 'styled-components';
import { LevelsLadder } from './LevelsLadder';

const Frame = styled.div`
  max-width: 760px;
  margin: 0 auto;
  padding: 1.5rem 1rem;
`;

const meta = {
  title: 'Components/LevelsLadder',
  component: LevelsLadder,
  decorators: [
    (Story) => (
      <Frame>
        <Story />
      </Frame>
    ),
  ],
} satisfies Meta<typeof LevelsLadder>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The defaults the /levels page uses: everyone starts as a Prospect with no points. */
export const Prospect: Story = {
  play: async ({ canvas }) => {
    const summary = within(canvas.getByRole('region', { name: 'Your peacemaker level' }));
    await expect(summary.getByText('Prospect')).toBeInTheDocument();
    await expect(summary.getByText('0 points')).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Explorer' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await expect(summary.getByText(/of the way to Explorer/)).toHaveTextContent(
      '0% of the way to Explorer · 10 points to go',
    );
    await expect(canvas.getAllByText('Not yet reached')).toHaveLength(4);
    await expect(canvas.getAllByText('Current level', { selector: 'span' })).toHaveLength(2);
  },
};

export const Explorer: Story = {
  args: { currentLevel: 'Explorer', currentPoints: 30 },
  play: async ({ canvas }) => {
    // (30 - 10) / (50 - 10) = 50%, 20 points to go.
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Agent' })).toHaveAttribute('aria-valuenow', '50');
    await expect(canvas.getByText(/of the way to Agent/)).toHaveTextContent(
      '50% of the way to Agent · 20 points to go',
    );
    await expect(canvas.getAllByText('Reached')).toHaveLength(1);
  },
};

export const Agent: Story = {
  args: { currentLevel: 'Agent', currentPoints: 75 },
  play: async ({ canvas }) => {
    // (75 - 50) / (150 - 50) = 25%.
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Advocate' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    await expect(canvas.getByText(/of the way to Advocate/)).toHaveTextContent('75 points to go');
    await expect(canvas.getAllByText('Reached')).toHaveLength(2);
  },
};

export const Advocate: Story = {
  args: { currentLevel: 'Advocate', currentPoints: 195 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Guardian' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    await expect(canvas.getByText(/of the way to Guardian/)).toHaveTextContent('105 points to go');
    await expect(canvas.getAllByText('Reached')).toHaveLength(3);
    await expect(canvas.getAllByText('Not yet reached')).toHaveLength(1);
  },
};

/** The last level: every level reached and no next level to aim for. */
export const Guardian: Story = {
  args: { currentLevel: 'Guardian', currentPoints: 320 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(canvas.getByText(/You have reached the highest level/)).toBeInTheDocument();
    await expect(canvas.getAllByText('Reached')).toHaveLength(4);
    await expect(canvas.queryByText('Not yet reached')).not.toBeInTheDocument();
  },
};

/** Each card opens to its requirements and benefits and closes again, by mouse or keyboard. */
export const ExpandAndCollapse: Story = {
  args: { currentLevel: 'Explorer', currentPoints: 12 },
  play: async ({ canvas, userEvent }) => {
    const explorer = canvas.getByRole('button', { name: /Explorer/ });
    await expect(explorer).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByText('Access to the 90-Day Challenge')).not.toBeVisible();

    await userEvent.click(explorer);
    await expect(explorer).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('Access to the 90-Day Challenge')).toBeVisible();

    const agent = canvas.getByRole('button', { name: /Agent/ });
    agent.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('A personal dashboard for your reflections and progress')).toBeVisible();

    await userEvent.click(explorer);
    await expect(explorer).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByText('Access to the 90-Day Challenge')).not.toBeVisible();
  },
};

export const Mobile: Story = {
  args: { currentLevel: 'Agent', currentPoints: 60 },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    // (60 - 50) / (150 - 50) = 10%, 90 points to go; every card still fits the narrow screen.
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Advocate' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    await expect(canvas.getByText(/of the way to Advocate/)).toHaveTextContent(
      '10% of the way to Advocate · 90 points to go',
    );
    for (const card of canvas.getAllByRole('button', { expanded: false })) {
      await expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};
