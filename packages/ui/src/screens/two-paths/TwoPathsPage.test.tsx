import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config';
import { renderWithProviders } from '../../test';
import { TwoPathsPage } from './TwoPathsPage';

function progress() {
  return screen.getByRole('progressbar', { name: 'Journey progress' });
}

// Whole-page renders are slow on a busy CI machine; the default 15 s is tight.
describe('TwoPathsPage', { timeout: 30_000 }, () => {
  it('walks the vilify path through its 5 stages to the outcome, then starts over', async () => {
    const { user } = renderWithProviders(<TwoPathsPage />, { route: paths.twoPaths });
    expect(screen.getByRole('heading', { level: 1, name: 'The Two Paths' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Walk the Vilify Path' }));
    expect(screen.getByRole('heading', { level: 2, name: 'The Vilify Path' })).toHaveFocus();

    const stages = ['Trigger', 'Blame', 'Contempt', 'Isolation', 'Breakdown'];
    for (const [step, stage] of stages.entries()) {
      expect(progress()).toHaveAttribute('aria-valuenow', String(Math.round(((step + 1) / 5) * 100)));
      expect(progress()).toHaveAttribute('aria-valuetext', `Stage ${step + 1} of 5`);
      expect(screen.getByRole('heading', { level: 3, name: stage })).toBeInTheDocument();
      if (step < stages.length - 1) await user.click(screen.getByRole('button', { name: 'Continue Journey' }));
    }

    // The last step: no Continue, the outcome panel and both comparison cards.
    expect(screen.queryByRole('button', { name: 'Continue Journey' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Where this path leads: division' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Two paths, side by side' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'The Vilify Path' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'The Alternative Path' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose a path to explore' })).toHaveFocus();
  });

  it('walks the alternative path through its 6 stages, and Try the Other Path returns to the choice', async () => {
    const { user } = renderWithProviders(<TwoPathsPage />, { route: paths.twoPaths });
    await user.click(screen.getByRole('button', { name: 'Walk the Alternative Path' }));
    const stages = within(screen.getByRole('list', { name: 'Stages' })).getAllByRole('listitem');
    expect(stages.map((item) => item.textContent)).toEqual([
      'Trigger',
      'Awareness',
      'Care',
      'Courage',
      'Growth',
      'Unity',
    ]);
    expect(stages[0]).toHaveAttribute('aria-current', 'step');

    for (let i = 0; i < 5; i += 1) await user.click(screen.getByRole('button', { name: 'Continue Journey' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('heading', { level: 3, name: 'Unity' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Where this path leads: connection' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try the Other Path' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // Focus lands on the path not yet walked.
    expect(screen.getByRole('heading', { level: 3, name: 'The Vilify Path' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Walk the Vilify Path' })).toBeInTheDocument();
  });
});
