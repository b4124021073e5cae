import { api } from '@prr/contract';
import { averageChanges, changeSentence, reflectionView } from '@prr/domain';
import { handle } from '@prr/mocks';
import { reflections } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jordan } from '../../storyData';
import { renderScreen } from '../../testUtils';
import { ProgressTab } from './ProgressTab';

// The tab renders the History and its dialog too: leave room on a shared, busy machine.
describe("the Progress tab's 90 days", { timeout: 30_000 }, () => {
  it('shows all 90 days, the ten so far as buttons and the rest not yet reached', async () => {
    renderScreen(<ProgressTab member={jordan} />);
    const grid = within(await screen.findByRole('list', { name: 'Your 90 days, day by day' }));
    expect(grid.getAllByRole('listitem')).toHaveLength(90);
    expect(grid.getAllByRole('button')).toHaveLength(10);
    expect(grid.getByRole('button', { name: 'Day 4: paused, reflected, retried' })).toBeInTheDocument();
    expect(grid.getByRole('button', { name: 'Day 10, today: paused, reflected, not retried' })).toBeInTheDocument();
    expect(grid.getByText('Day 11: not yet reached')).toBeInTheDocument();
    expect(grid.getByText('Day 90: not yet reached')).toBeInTheDocument();
  });

  it("opens a day's reflection from the grid with the keyboard, read-only, and gives focus back on Escape", async () => {
    const { user } = renderScreen(<ProgressTab member={jordan} />);
    const grid = within(await screen.findByRole('list', { name: 'Your 90 days, day by day' }));
    const dayEight = grid.getByRole('button', { name: 'Day 8: not paused, reflected, not retried' });
    dayEight.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Day 8: Saturday, October 4' });
    expect(
      within(dialog).getByText(
        'Snapped at a driver and then online. Tired and did not pause at all. Writing it down anyway.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dayEight).toHaveFocus();
  });

  it("says how week 1's averages compare with the latest week's, in the domain's sentences", async () => {
    renderScreen(<ProgressTab member={jordan} />);
    const changes = within(await screen.findByRole('region', { name: 'Week 1 and week 2' }));
    const expected = averageChanges(reflections.map(reflectionView)).map(changeSentence);
    expect(changes.getAllByRole('listitem').map((item) => item.textContent)).toEqual(expected);
    // Jordan's week 1 against days 8 to 10.
    expect(expected).toEqual([
      'Your average mood fell from 6.1 to 6.0',
      'Your average empathy rose from 7.9 to 8.0',
      'Your average self-awareness rose from 6.6 to 7.0',
    ]);
  });

  it('says nothing of averages while only week 1 has reflections', async () => {
    server.use(handle(api.reflections, () => reflections.slice(0, 7).reverse().map(reflectionView)));
    renderScreen(<ProgressTab member={{ ...jordan, currentDay: 7 }} />);
    expect(await screen.findByRole('heading', { name: 'Your 90 days' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Week 1 and/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Your average/)).not.toBeInTheDocument();
  });

  it('describes each chart in words, and shows its figures as a table on request', async () => {
    const { user } = renderScreen(<ProgressTab member={jordan} />);
    const scores = await screen.findByRole('figure', { name: 'Mood, empathy and self-awareness, day by day' });
    expect(scores).toHaveAccessibleDescription(
      'Your mood, empathy and self-awareness, from 1 to 10, on each day from day 1 to day 10. You wrote a reflection every day so far.',
    );
    expect(screen.getByRole('figure', { name: 'Pause, reflect, retry: day by day' })).toHaveAccessibleDescription(
      'One square for each of the 90 days. You reflected on 10 of 10 days so far: you paused on 9, reflected on 9 and retried on 4. 80 days are still to come. Choose a day to read what you wrote.',
    );
    const weeks = screen.getByRole('figure', { name: 'Conflicts and better responses, week by week' });
    expect(weeks).toHaveAccessibleDescription(
      'The conflicts you recorded and the better responses you found in each week from week 1 to week 2. Week 2 so far: 6 conflicts and 3 better responses.',
    );

    await user.click(within(weeks).getByRole('button', { name: 'Show as table' }));
    const table = within(weeks).getByRole('table', { name: 'Conflicts and better responses, week by week' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['WeekDays with a reflectionConflictsBetter responses', 'Week 171111', 'Week 2363']);
  });
});
