import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { paths } from '../../config';
import { TwoPathsPage } from './TwoPathsPage';

const meta = {
  title: 'Pages/TwoPaths',
  component: TwoPathsPage,
  parameters: { route: paths.twoPaths },
} satisfies Meta<typeof TwoPathsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No path chosen yet. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'The Two Paths' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Walk the Vilify Path' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Walk the Alternative Path' })).toBeInTheDocument();
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
  },
};

/** Choose the vilify path, continue through its 5 stages to the outcome, then start over. */
export const VilifyJourney: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Walk the Vilify Path' }));
    const progress = canvas.getByRole('progressbar', { name: 'Journey progress' });
    const stages = ['Trigger', 'Blame', 'Contempt', 'Isolation', 'Breakdown'];
    for (const [step, stage] of stages.entries()) {
      await expect(canvas.getByRole('heading', { level: 3, name: stage })).toBeInTheDocument();
      await expect(progress).toHaveAttribute('aria-valuetext', `Stage ${step + 1} of 5`);
      await expect(progress).toHaveAttribute('aria-valuenow', String(((step + 1) / 5) * 100));
      if (step < stages.length - 1) await userEvent.click(canvas.getByRole('button', { name: 'Continue Journey' }));
    }
    await expect(canvas.queryByRole('button', { name: 'Continue Journey' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Where this path leads: division' })).toHaveFocus();
    await expect(canvas.getByRole('heading', { name: 'Two paths, side by side' })).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Start Over' }));
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Choose a path to explore' })).toHaveFocus();
  },
};

/** The alternative path's 6 stages, ending on the outcome and comparison (left there for the snapshot). */
export const AlternativeOutcome: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Walk the Alternative Path' }));
    for (let i = 0; i < 5; i += 1) await userEvent.click(canvas.getByRole('button', { name: 'Continue Journey' }));
    await expect(canvas.getByRole('heading', { level: 3, name: 'Unity' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Journey progress' })).toHaveAttribute('aria-valuenow', '100');
    await expect(canvas.getByRole('heading', { name: 'Where this path leads: connection' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try the Other Path' })).toBeInTheDocument();
  },
};

/** 'Try the Other Path' goes back to the choice, ready for the path not yet walked. */
export const TryTheOtherPath: Story = {
  play: async (context) => {
    await AlternativeOutcome.play?.(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Try the Other Path' }));
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 3, name: 'The Vilify Path' })).toHaveFocus();
  },
};

/** The path cards and the comparison stack on a phone. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'The Two Paths' })).toBeInTheDocument();
    const vilify = canvas.getByRole('button', { name: 'Walk the Vilify Path' });
    const alternative = canvas.getByRole('heading', { level: 3, name: 'The Alternative Path' });
    await expect(alternative.getBoundingClientRect().top).toBeGreaterThanOrEqual(vilify.getBoundingClientRect().bottom);
  },
};
