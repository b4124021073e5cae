import { api } from '@prr/contract';
import { promptForDay, reflectionView } from '@prr/domain';
import { delayed, failing, handle } from '@prr/mocks';
import { reflections } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { jordan } from '../storyData';
import { tabFrame } from '../storyDecorators';
import { History } from './History';

const meta = {
  title: 'Dashboard/History',
  component: History,
  args: { member: jordan },
  decorators: [tabFrame(900)],
} satisfies Meta<typeof History>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Jordan's ten days, all reflected on, in two weeks; day 10 is today. */
export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('You reflected on 10 of 10 days so far. Choose a day to read what you wrote.'),
    ).toBeInTheDocument();
    const weeks = within(canvas.getByRole('list', { name: 'Your days, week by week' }));
    await expect(weeks.getByRole('list', { name: 'Week 1' })).toBeInTheDocument();
    await expect(within(weeks.getByRole('list', { name: 'Week 2' })).getAllByRole('listitem')).toHaveLength(3);
    await expect(weeks.getAllByRole('button')).toHaveLength(10);
    await expect(weeks.getByRole('button', { name: 'Day 1' })).toBeInTheDocument();
    await expect(weeks.getByRole('button', { name: 'Day 10, today' })).toBeInTheDocument();
  },
};

/** Days without a reflection are listed, marked, and have nothing to open. */
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
    await expect(await canvas.findByText(/^You reflected on 4 of 10 days so far\./)).toBeInTheDocument();
    const weeks = within(canvas.getByRole('list', { name: 'Your days, week by week' }));
    const days = weeks.getAllByRole('button').map((button) => button.textContent);
    await expect(days).toEqual(['1Day 1', '2Day 2', '5Day 5', '9Day 9']);
    await expect(weeks.getByText('Day 3: no reflection')).toBeInTheDocument();
    await expect(weeks.getByText('Day 10, today: no reflection')).toBeInTheDocument();
    await expect(weeks.queryByRole('button', { name: /^Day 10/ })).not.toBeInTheDocument();
  },
};

const dayEight = promptForDay(8);

/**
 * Day 8, opened with the keyboard: every field as text, nothing to change; Escape closes it and
 * focus goes back to the day.
 */
export const ReadOnlyDay: Story = {
  play: async ({ canvas, userEvent }) => {
    const day = await canvas.findByRole('button', { name: 'Day 8' });
    day.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Day 8: Saturday, October 4' });
    const text = within(dialog);
    await expect(dialog).toHaveAccessibleDescription(
      'Saved on Saturday, October 4 at 9:05 AM. Past days can be read, not changed.',
    );
    const fact = (term: string) => text.getByText(term, { selector: 'dt' }).nextElementSibling;
    await expect(fact('I paused before reacting')).toHaveTextContent('No');
    await expect(fact('I reflected on what happened')).toHaveTextContent('Yes');
    await expect(fact('I tried again with a better response')).toHaveTextContent('No');
    await expect(fact('Mood')).toHaveTextContent('3/10');
    await expect(fact('Conflicts today')).toHaveTextContent('4');
    await expect(fact('Better responses')).toHaveTextContent('0');
    await expect(fact("The day's prompt")).toHaveTextContent(dayEight?.prompt ?? '');
    await expect(fact('Your response to the prompt')).toHaveTextContent('Nothing written.');
    await expect(fact('Notes about your day')).toHaveTextContent(
      'Snapped at a driver and then online. Tired and did not pause at all. Writing it down anyway.',
    );
    await expect(fact('Gratitude practice')).toHaveTextContent('No');
    await expect(fact('Exercises completed')).toHaveTextContent('0 of 3');
    await expect(fact('Empathy')).toHaveTextContent('8/10');
    await expect(fact('Self-awareness')).toHaveTextContent('5/10');
    // Read-only: no field, switch or slider, only the dialog's Close.
    await expect(text.queryAllByRole('textbox')).toHaveLength(0);
    await expect(text.queryAllByRole('switch')).toHaveLength(0);
    await expect(text.queryAllByRole('slider')).toHaveLength(0);
    await expect(text.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Close']);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Day 8' })).toHaveFocus();
  },
};

/** Today's entry opens read-only too, and says where to change it. */
export const Today: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Day 10, today' }));
    const dialog = await screen.findByRole('dialog', { name: 'Day 10: Monday, October 6' });
    await expect(dialog).toHaveAccessibleDescription(
      "Saved on Monday, October 6 at 9:05 AM. To change today's entry, use Today's Reflection.",
    );
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(handle(api.reflections, () => []));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Nothing to look back on yet. Each day you save a reflection can be read again here.'),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.reflections, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your history...');
  },
};

export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.reflections, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't load your history.");
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** A phone: each week's name above its seven days, and the day's dialog fits the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, userEvent }) => {
    const day = await canvas.findByRole('button', { name: 'Day 3' });
    await expect(day.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.click(day);
    const dialog = await screen.findByRole('dialog', { name: 'Day 3: Monday, September 29' });
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
  },
};
