import { api } from '@prr/contract';
import { reflectionView } from '@prr/domain';
import { delayed, failing, handle } from '@prr/mocks';
import { reflections } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { jordan } from '../../storyData';
import { ProgressTab } from './ProgressTab';
import { tabFrame } from '../../storyDecorators';

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
