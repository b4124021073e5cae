import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test';
import { ChartFigure } from './ChartFigure';

const TITLE = 'Conflicts and better responses, week by week';
const SUMMARY = 'The conflicts you recorded and the better responses you found in each week from week 1 to week 2.';

function renderFigure() {
  return renderWithProviders(
    <ChartFigure
      title={TITLE}
      summary={SUMMARY}
      table={{
        columns: ['Week', 'Conflicts', 'Better responses'],
        rows: [
          ['Week 1', 15, 11],
          ['Week 2', 5, 3],
        ],
      }}
    >
      <svg role="img" aria-label="The bars" />
    </ChartFigure>,
  );
}

describe('ChartFigure', () => {
  it('is a figure named by its title and described by its summary, showing the chart first', () => {
    renderFigure();
    const figure = screen.getByRole('figure', { name: TITLE });
    expect(figure).toHaveAccessibleDescription(SUMMARY);
    expect(within(figure).getByRole('img', { name: 'The bars' })).toBeInTheDocument();
    expect(within(figure).queryByRole('table')).not.toBeInTheDocument();
    expect(within(figure).getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('swaps the chart for the table and back from the keyboard, keeping focus on the button', async () => {
    const { user } = renderFigure();
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveFocus();

    await user.keyboard('{Enter}');
    const table = screen.getByRole('table', { name: TITLE });
    expect(toggle).toHaveAccessibleName('Show as chart');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(table);
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('img', { name: 'The bars' })).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week', 'Conflicts', 'Better responses']);
    const weekTwo = within(table).getByRole('row', { name: 'Week 2 5 3' });
    expect(within(weekTwo).getByRole('rowheader')).toHaveTextContent('Week 2');

    await user.keyboard(' ');
    expect(toggle).toHaveAccessibleName('Show as table');
    expect(screen.getByRole('img', { name: 'The bars' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
