import { api } from '@prr/contract';
import { reflectionView } from '@prr/domain';
import { delayed, failing, handle } from '@prr/mocks';
import { reflections } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { jordan } from '../../storyData';
import { ProgressTab } from './ProgressTab';
import { tabFrame } from '../../storyDecorators';
import { MISSED_DAYS, jordanOnDay90, ninetyDays } from './storyData';

const meta = {
  title: 'Dashboard/Tabs/Progress',
  component: ProgressTab,
  args: { member: jordan },
  decorators: [tabFrame()],
} satisfies Meta<typeof ProgressTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Jordan's ten days: the latest seven (days 10 to 4), newest first, and the two insights. */
export const Success: Story = {
  play: async ({ canvas }) => {
    const days = within(await canvas.findByRole('list', { name: 'Your last 7 days' }));
    const rows = days.getAllByRole('listitem');
    await expect(rows).toHaveLength(7);
    await expect(rows[0]).toHaveTextContent('Day 10');
    await expect(rows[6]).toHaveTextContent('Day 4');
    // Day 8 was the bad day: not paused, mood 3.
    const dayEight = rows[2];
    await expect(dayEight).toHaveTextContent('Day 8');
    await expect(dayEight).toHaveTextContent('Paused: no');
    await expect(dayEight).toHaveTextContent('Reflected: yes');
    await expect(dayEight).toHaveTextContent('Mood 3/10');

    // Mood 7+ on days 4, 5, 6, 9, 10; two or more better responses on days 3, 4, 5, 7, 10.
    const highMood = canvas.getByText('High Mood Days').closest('li');
    await expect(highMood).toHaveTextContent('5High Mood Days');
    const successful = canvas.getByText('Successful Response Days').closest('li');
    await expect(successful).toHaveTextContent('5Successful Response Days');

    // Then the 90 days: each chart said in words, the days so far in the grid, week 1 against week 2.
    await expect(canvas.getByRole('heading', { name: 'Your 90 days' })).toBeInTheDocument();
    await expect(
      canvas.getByRole('figure', { name: 'Mood, empathy and self-awareness, day by day' }),
    ).toHaveAccessibleDescription(
      'Your mood, empathy and self-awareness, from 1 to 10, on each day from day 1 to day 10. You wrote a reflection every day so far.',
    );
    const grid = within(canvas.getByRole('list', { name: 'Your 90 days, day by day' }));
    await expect(grid.getAllByRole('listitem')).toHaveLength(90);
    await expect(grid.getAllByRole('button')).toHaveLength(10);
    await expect(grid.getByText('Day 11: not yet reached')).toBeInTheDocument();
    const changes = within(canvas.getByRole('region', { name: 'Week 1 and week 2' }));
    await expect(changes.getByText('Your average mood fell from 6.1 to 6.0')).toBeInTheDocument();
    await expect(changes.getByText('Your average self-awareness rose from 6.6 to 7.0')).toBeInTheDocument();

    // Below them, the History of every day so far (Dashboard/History).
    await expect(canvas.getByRole('heading', { name: 'History' })).toBeInTheDocument();
    const history = within(canvas.getByRole('list', { name: 'Your days, week by week' }));
    await expect(history.getAllByRole('button')).toHaveLength(10);
  },
};

/** A past day opened from the history, read-only, over the tab. */
export const HistoryDay: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Day 4' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Day 4: Tuesday, September 30' }));
    await expect(
      dialog.getByText('Asked a question instead of assuming. The answer surprised me.'),
    ).toBeInTheDocument();
    await expect(dialog.queryAllByRole('textbox')).toHaveLength(0);
  },
};

/** Fewer than seven days recorded: all of them are shown. */
export const FewDays: Story = {
  beforeEach({ msw }) {
    msw.use(handle(api.reflections, () => reflections.slice(0, 2).reverse().map(reflectionView)));
  },
  play: async ({ canvas }) => {
    const days = within(await canvas.findByRole('list', { name: 'Your last 7 days' }));
    await expect(days.getAllByRole('listitem')).toHaveLength(2);
    // Days 1 and 2 only: the lines break at day 3, and there is no later week to compare with yet.
    await expect(
      canvas.getByRole('figure', { name: 'Mood, empathy and self-awareness, day by day' }),
    ).toHaveAccessibleDescription(
      'Your mood, empathy and self-awareness, from 1 to 10, on each day from day 1 to day 10. 2 of 10 days have a reflection; the lines break on the 8 days without one.',
    );
    await expect(canvas.queryByRole('region', { name: /^Week 1 and/ })).not.toBeInTheDocument();
  },
};

/** Four days of ten: gaps in the lines, dashed squares in the grid, and week 2 with only day 9. */
export const WithGaps: Story = {
  beforeEach({ msw }) {
    const kept = new Set([1, 2, 5, 9]);
    msw.use(
      handle(api.reflections, () =>
        reflections
          .filter((reflection) => kept.has(reflection.day))
          .reverse()
          .map(reflectionView),
      ),
    );
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('figure', { name: 'Mood, empathy and self-awareness, day by day' }),
    ).toHaveAccessibleDescription(
      'Your mood, empathy and self-awareness, from 1 to 10, on each day from day 1 to day 10. 4 of 10 days have a reflection; the lines break on the 6 days without one.',
    );
    const grid = within(canvas.getByRole('list', { name: 'Your 90 days, day by day' }));
    await expect(grid.getAllByRole('button')).toHaveLength(4);
    await expect(grid.getByText('Day 3: no reflection')).toBeInTheDocument();
    await expect(grid.getByText('Day 10, today: no reflection')).toBeInTheDocument();
    await expect(
      canvas.getByRole('figure', { name: 'Conflicts and better responses, week by week' }),
    ).toHaveAccessibleDescription(
      'The conflicts you recorded and the better responses you found in each week from week 1 to week 2. Week 2 so far: 1 conflict and 1 better response.',
    );
    await expect(canvas.getByText('Your average mood rose from 6.0 to 7.0')).toBeInTheDocument();
  },
};

/**
 * All 90 days, 79 of them written: the lines over three months with their gaps, every square
 * reached, thirteen weeks of bars, and week 1 against week 13.
 */
export const NinetyDays: Story = {
  args: { member: jordanOnDay90 },
  beforeEach({ msw }) {
    msw.use(handle(api.reflections, () => ninetyDays));
  },
  play: async ({ canvas }) => {
    const written = 90 - MISSED_DAYS.size;
    await expect(
      await canvas.findByRole('figure', { name: 'Mood, empathy and self-awareness, day by day' }),
    ).toHaveAccessibleDescription(
      `Your mood, empathy and self-awareness, from 1 to 10, on each day from day 1 to day 90. ${written} of 90 days have a reflection; the lines break on the 11 days without one.`,
    );
    const grid = within(canvas.getByRole('list', { name: 'Your 90 days, day by day' }));
    await expect(grid.getAllByRole('button')).toHaveLength(written);
    await expect(grid.queryByText(/not yet reached/)).not.toBeInTheDocument();
    await expect(grid.getByRole('button', { name: 'Day 90, today: paused, reflected, retried' })).toBeInTheDocument();
    const changes = within(canvas.getByRole('region', { name: 'Week 1 and week 13' }));
    await expect(changes.getAllByRole('listitem')).toHaveLength(3);
    await expect(
      canvas.getByRole('img', { name: 'Conflicts and better responses in each week, weeks 1 to 13' }),
    ).toBeInTheDocument();
  },
};

/** A day opened from the 90-day grid with the keyboard: the History's read-only dialog. */
export const GridDay: Story = {
  play: async ({ canvas, userEvent }) => {
    const grid = within(await canvas.findByRole('list', { name: 'Your 90 days, day by day' }));
    grid.getByRole('button', { name: 'Day 8: not paused, reflected, not retried' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Day 8: Saturday, October 4' }));
    await expect(
      dialog.getByText('Snapped at a driver and then online. Tired and did not pause at all. Writing it down anyway.'),
    ).toBeInTheDocument();
  },
};

/** The weeks' bars as a table: the same figures, for a screen reader or a closer look. */
export const WeeksAsTable: Story = {
  play: async ({ canvas, userEvent }) => {
    const figure = within(await canvas.findByRole('figure', { name: 'Conflicts and better responses, week by week' }));
    await userEvent.click(figure.getByRole('button', { name: 'Show as table' }));
    const table = within(figure.getByRole('table', { name: 'Conflicts and better responses, week by week' }));
    await expect(table.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'WeekDays with a reflectionConflictsBetter responses',
      'Week 171111',
      'Week 2363',
    ]);
    await expect(figure.queryByRole('img')).not.toBeInTheDocument();
    await expect(figure.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(handle(api.reflections, () => []));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No reflections yet/)).toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.reflections, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your progress...');
  },
};

export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.reflections, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't load your reflections.");
  },
};

/** On a phone the 90 days are rows of a week, seven squares wide, all on the screen. */
export const NinetyDaysOnAPhone: Story = {
  args: { member: jordanOnDay90 },
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  beforeEach({ msw }) {
    msw.use(handle(api.reflections, () => ninetyDays));
  },
  play: async ({ canvas }) => {
    const grid = within(await canvas.findByRole('list', { name: 'Your 90 days, day by day' }));
    const squares = grid.getAllByRole('listitem').map((item) => item.getBoundingClientRect());
    await expect(squares[6]?.top).toBe(squares[0]?.top);
    await expect(squares[7]?.top).toBeGreaterThan(squares[0]?.top ?? Infinity);
    await expect(Math.max(...squares.map((square) => square.right))).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Each day's marks wrap under its date and mood; the two insights stack. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const days = within(await canvas.findByRole('list', { name: 'Your last 7 days' }));
    await expect(days.getAllByRole('listitem')).toHaveLength(7);
    const highMood = canvas.getByText('High Mood Days').closest('li')?.getBoundingClientRect();
    const successful = canvas.getByText('Successful Response Days').closest('li')?.getBoundingClientRect();
    await expect(successful?.top).toBeGreaterThanOrEqual(highMood?.bottom ?? Infinity);
  },
};
