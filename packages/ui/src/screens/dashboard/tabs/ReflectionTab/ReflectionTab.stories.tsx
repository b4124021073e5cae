import { api } from '@prr/contract';
import { promptForDay } from '@prr/domain';
import { delayed, failing, mockDb } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { jordan, priya } from '../../storyData';
import { ReflectionTab } from './ReflectionTab';
import { tabFrame } from '../../storyDecorators';

const meta = {
  title: 'Dashboard/Tabs/Reflection',
  component: ReflectionTab,
  args: { member: jordan },
  decorators: [tabFrame()],
} satisfies Meta<typeof ReflectionTab>;

export default meta;
type Story = StoryObj<typeof meta>;

const dayTen = promptForDay(jordan.currentDay);
const dayTwentyOne = promptForDay(priya.currentDay);

/** Priya (day 21) has not reflected yet: she is the one signed in (the mocks' ambient member). */
const asPriya = {
  args: { member: priya },
  beforeEach() {
    mockDb.ambientMemberId = priya.id;
  },
} satisfies Story;

/**
 * Jordan saved day 10 at 9:05 AM New York time: the prompt card, and the form opened on that entry
 * (mocks/fixtures/reflections.ts).
 */
export const TodaysEntry: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: dayTen?.title })).toBeInTheDocument();
    await expect(canvas.getByText(dayTen?.prompt ?? '')).toBeInTheDocument();
    await expect(canvas.getByText(dayTen?.category ?? '')).toBeInTheDocument();
    await expect(canvas.getByText(`Difficulty ${dayTen?.difficulty} of 3`)).toBeInTheDocument();
    await expect(await canvas.findByText('Saved today at 9:05 AM')).toBeInTheDocument();
    await expect(canvas.getByText("Change anything and save again to update today's entry.")).toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'I paused before reacting' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'I reflected on what happened' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'I tried again with a better response' })).not.toBeChecked();
    await expect(canvas.getByRole('slider', { name: 'Mood' })).toHaveAttribute('aria-valuenow', '8');
    await expect(canvas.getByRole('slider', { name: 'Empathy' })).toHaveAttribute('aria-valuenow', '7');
    await expect(canvas.getByRole('slider', { name: 'Self-awareness' })).toHaveAttribute('aria-valuenow', '8');
    await expect(canvas.getByLabelText('Better responses')).toHaveValue(2);
    await expect(canvas.getByLabelText('Notes about your day')).toHaveValue(
      'Found shared ground with my neighbour: we both want the park kept safe.',
    );
    await expect(canvas.getByText('Exercises completed: 1 of 3')).toBeInTheDocument();
  },
};

/** No entry yet today: the form at its defaults, and nothing says it was saved. */
export const NewEntry: Story = {
  ...asPriya,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: dayTwentyOne?.title })).toBeInTheDocument();
    const paused = await canvas.findByRole('switch', { name: 'I paused before reacting' });
    await expect(paused).not.toBeChecked();
    await expect(canvas.getByRole('slider', { name: 'Mood' })).toHaveAttribute('aria-valuenow', '5');
    await expect(canvas.getByRole('slider', { name: 'Empathy' })).toHaveAttribute('aria-valuenow', '5');
    await expect(canvas.getByRole('slider', { name: 'Self-awareness' })).toHaveAttribute('aria-valuenow', '5');
    await expect(canvas.getByText('Exercises completed: 0 of 3')).toBeInTheDocument();
    await expect(canvas.queryByText(/^Saved today at/)).not.toBeInTheDocument();
  },
};

/**
 * The day's first save: SPEC's toast, then the form shows the entry as saved, at the mocks' clock
 * (10:00 in New York is 7:00 AM for Priya in Los Angeles).
 */
export const FirstSave: Story = {
  ...asPriya,
  beforeEach(context) {
    asPriya.beforeEach();
    context.msw.use(delayed(api.saveReflection));
  },
  play: async ({ canvas, userEvent }) => {
    const paused = await canvas.findByRole('switch', { name: 'I paused before reacting' });
    await userEvent.click(paused);
    await userEvent.click(canvas.getByRole('switch', { name: 'I tried again with a better response' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Breathing exercise' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Perspective taking' }));
    await expect(canvas.getByText('Exercises completed: 2 of 3')).toBeInTheDocument();

    const mood = canvas.getByRole('slider', { name: 'Mood' });
    mood.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(mood).toHaveAttribute('aria-valuenow', '8');

    const conflicts = canvas.getByLabelText('Conflicts today');
    await userEvent.clear(conflicts);
    await userEvent.type(conflicts, '3');
    await userEvent.type(canvas.getByLabelText('Notes about your day'), 'Paused before answering my brother.');
    await userEvent.type(canvas.getByLabelText("Your response to today's prompt"), 'We both want the kids safe.');

    await userEvent.click(canvas.getByRole('button', { name: 'Save Reflection' }));
    await expect(await canvas.findByText('Reflection saved! ✨')).toBeInTheDocument();
    await expect(canvas.getByText('Your daily progress has been recorded.')).toBeInTheDocument();

    await expect(await canvas.findByText('Saved today at 7:00 AM')).toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'I paused before reacting' })).toBeChecked();
    await expect(canvas.getByRole('slider', { name: 'Mood' })).toHaveAttribute('aria-valuenow', '8');
    await expect(canvas.getByLabelText('Conflicts today')).toHaveValue(3);
    await expect(canvas.getByLabelText('Notes about your day')).toHaveValue('Paused before answering my brother.');
    await expect(canvas.getByText('Exercises completed: 2 of 3')).toBeInTheDocument();
  },
};

/** A change to today's entry: it says there are unsaved changes, then 'Reflection updated' and the new time. */
export const UpdateEntry: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.saveReflection));
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Saved today at 9:05 AM')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('switch', { name: 'I tried again with a better response' }));
    await userEvent.type(canvas.getByLabelText('Notes about your day'), ' Then we planted tulips.');
    await expect(canvas.getByText("You have unsaved changes. Save to update today's entry.")).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Save Reflection' }));
    await expect(await canvas.findByText('Reflection updated')).toBeInTheDocument();
    await expect(canvas.getByText("Today's entry now has your changes.")).toBeInTheDocument();
    await expect(canvas.queryByText('Reflection saved! ✨')).not.toBeInTheDocument();

    // The mocks' clock: 10:00 in New York.
    await expect(await canvas.findByText('Saved today at 10:00 AM')).toBeInTheDocument();
    await expect(canvas.getByText("Change anything and save again to update today's entry.")).toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'I tried again with a better response' })).toBeChecked();
    await expect(canvas.getByLabelText('Notes about your day')).toHaveValue(
      'Found shared ground with my neighbour: we both want the park kept safe. Then we planted tulips.',
    );
  },
};

/** While the save is on its way the button says so and cannot be pressed again. */
export const Saving: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.saveReflection, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Save Reflection' }));
    await expect(await canvas.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  },
};

/** The save failed: the error toast, and nothing the member wrote is lost. */
export const SaveFailure: Story = {
  ...asPriya,
  beforeEach(context) {
    asPriya.beforeEach();
    context.msw.use(failing(api.saveReflection, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('switch', { name: 'I paused before reacting' }));
    await userEvent.type(canvas.getByLabelText('Notes about your day'), 'Hard day.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Reflection' }));
    await expect(await canvas.findByText('Something went wrong')).toBeInTheDocument();
    await expect(canvas.getByText('Please try again.')).toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'I paused before reacting' })).toBeChecked();
    await expect(canvas.getByLabelText('Notes about your day')).toHaveValue('Hard day.');
  },
};

/** The dashboard's answer is on its way: placeholders for the prompt and the form, nothing to type over yet. */
export const EntryLoading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.memberDashboard, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Loading today's prompt...")).toBeInTheDocument();
    await expect(canvas.getByText("Loading today's reflection...")).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Save Reflection' })).not.toBeInTheDocument();
  },
};

/** Today's entry could not be read: one alert with a retry, and no form that might save over it unseen. */
export const EntryError: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.memberDashboard, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't load today's reflection.");
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Save Reflection' })).not.toBeInTheDocument();
  },
};

/** One column: the prompt card comes first and the form follows below it. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: dayTen?.title })).toBeInTheDocument();
    const prompt = canvas.getByText(dayTen?.prompt ?? '');
    const paused = await canvas.findByRole('switch', { name: 'I paused before reacting' });
    await expect(paused.getBoundingClientRect().top).toBeGreaterThanOrEqual(prompt.getBoundingClientRect().bottom);
    await expect(canvas.getByText('Saved today at 9:05 AM')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Save Reflection' })).toBeEnabled();
  },
};
