import { api } from '@prr/contract';
import { delayed, failing, handle, mockDb } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { jordan, priya } from '../../storyData';
import { RippleEffectsTab } from './RippleEffectsTab';
import { tabFrame } from '../../storyDecorators';

const meta = {
  title: 'Dashboard/Tabs/RippleEffects',
  component: RippleEffectsTab,
  args: { member: jordan },
  decorators: [tabFrame()],
} satisfies Meta<typeof RippleEffectsTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Jordan's two weeks, newest first. */
export const Success: Story = {
  play: async ({ canvas }) => {
    const weeks = within(await canvas.findByRole('list', { name: 'Weekly impact' }));
    const items = weeks.getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(within(items[0] ?? document.body).getByRole('heading', { name: 'Week 2' })).toBeInTheDocument();
    await expect(items[0]).toHaveTextContent('Two teammates asked what the counting thing was about.');
    await expect(items[1]).toHaveTextContent('Relationships improved2');
  },
};

/** Priya's three weeks; one without notes. She is the one signed in (the mocks' ambient member). */
export const ThreeWeeks: Story = {
  args: { member: priya },
  beforeEach() {
    mockDb.ambientMemberId = priya.id;
  },
  play: async ({ canvas }) => {
    const weeks = within(await canvas.findByRole('list', { name: 'Weekly impact' }));
    await expect(weeks.getAllByRole('listitem')).toHaveLength(3);
  },
};

/**
 * The dialog opens at the member's current week (2, already recorded: its numbers, 'Update week 2');
 * a week without a record starts at 0, saves, closes and the new week appears.
 */
export const RecordImpact: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.recordRippleEffect));
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: 'Weekly impact' });
    await userEvent.click(canvas.getByRole('button', { name: "Record This Week's Impact" }));
    const dialog = within(await screen.findByRole('dialog', { name: "Record This Week's Impact" }));
    // Day 10 is in week 2.
    await expect(dialog.getByLabelText('Week')).toHaveValue(2);
    const week = dialog.getByLabelText('Week');
    await userEvent.clear(week);
    await userEvent.type(week, '3');
    await expect(dialog.getByLabelText('Relationships improved')).toHaveValue(0);
    await expect(dialog.getByLabelText('Notes')).toHaveValue('');
    const improved = dialog.getByLabelText('Relationships improved');
    await userEvent.clear(improved);
    await userEvent.type(improved, '4');
    await userEvent.type(dialog.getByLabelText('Notes'), 'Dinner without a single argument.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Impact' }));

    await expect(await canvas.findByText('Impact recorded! 🌊')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const weeks = within(canvas.getByRole('list', { name: 'Weekly impact' }));
    await expect(await weeks.findByRole('heading', { name: 'Week 3' })).toBeInTheDocument();
    await expect(weeks.getByText('Dinner without a single argument.')).toBeInTheDocument();
  },
};

/**
 * Week 2 is already recorded: the dialog shows its numbers and notes and saving updates it
 * ('Update week 2', 'Impact updated! 🌊'); the list still has one card per week.
 */
export const UpdateWeek: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.recordRippleEffect));
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: 'Weekly impact' });
    await userEvent.click(canvas.getByRole('button', { name: "Record This Week's Impact" }));
    const dialog = within(await screen.findByRole('dialog', { name: "Record This Week's Impact" }));
    await expect(dialog.getByLabelText('Week')).toHaveValue(2);
    await expect(
      dialog.getByText('Week 2 is already recorded: these are its numbers, and saving updates them.'),
    ).toBeInTheDocument();
    await expect(dialog.getByLabelText('Relationships improved')).toHaveValue(3);
    await expect(dialog.getByLabelText('Positive interactions')).toHaveValue(9);
    await expect(dialog.getByLabelText('Conflicts avoided')).toHaveValue(4);
    await expect(dialog.getByLabelText('Others inspired')).toHaveValue(2);
    await expect(dialog.getByLabelText('Notes')).toHaveValue('Two teammates asked what the counting thing was about.');

    // Another recorded week shows its own numbers.
    const week = dialog.getByLabelText('Week');
    await userEvent.clear(week);
    await userEvent.type(week, '1');
    await expect(dialog.getByLabelText('Positive interactions')).toHaveValue(6);
    await expect(dialog.getByRole('button', { name: 'Update week 1' })).toBeInTheDocument();
    await userEvent.clear(week);
    await userEvent.type(week, '2');

    const inspired = dialog.getByLabelText('Others inspired');
    await userEvent.clear(inspired);
    await userEvent.type(inspired, '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Update week 2' }));

    await expect(await canvas.findByText('Impact updated! 🌊')).toBeInTheDocument();
    await expect(canvas.getByText('Week 2 now shows your new numbers.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const weeks = within(canvas.getByRole('list', { name: 'Weekly impact' }));
    await waitFor(() => expect(weeks.getAllByRole('listitem')[0]).toHaveTextContent('Others inspired5'));
    await expect(weeks.getAllByRole('listitem')).toHaveLength(2);
    await expect(weeks.getAllByRole('heading', { name: 'Week 2' })).toHaveLength(1);
  },
};

/** Records from before one per week: two for week 2, and the list shows the latest only. */
export const OneCardPerWeek: Story = {
  beforeEach({ msw }) {
    msw.use(
      handle(api.rippleEffects, ({ memberId }) => {
        const base = {
          memberId: memberId ?? jordan.id,
          relationshipImprovements: 1,
          conflictsAvoided: 0,
          othersInspired: 0,
        };
        return [
          { ...base, id: 'week-2-latest', week: 2, positiveInteractions: 8, notes: 'The latest count for week 2.' },
          { ...base, id: 'week-2-older', week: 2, positiveInteractions: 2, notes: 'An older count for week 2.' },
          { ...base, id: 'week-1', week: 1, positiveInteractions: 3, notes: '' },
        ];
      }),
    );
  },
  play: async ({ canvas }) => {
    const weeks = within(await canvas.findByRole('list', { name: 'Weekly impact' }));
    await expect(weeks.getAllByRole('listitem')).toHaveLength(2);
    await expect(weeks.getByText('The latest count for week 2.')).toBeInTheDocument();
    await expect(weeks.queryByText('An older count for week 2.')).not.toBeInTheDocument();
  },
};

/** The save failed: the error toast, and the dialog stays open with what was typed. */
export const RecordFailure: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.recordRippleEffect, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: 'Weekly impact' });
    await userEvent.click(canvas.getByRole('button', { name: "Record This Week's Impact" }));
    const dialog = within(await screen.findByRole('dialog'));
    const notes = dialog.getByLabelText('Notes');
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Kept it calm.');
    await userEvent.click(dialog.getByRole('button', { name: 'Update week 2' }));
    await expect(await canvas.findByText('Something went wrong')).toBeInTheDocument();
    await expect(dialog.getByLabelText('Notes')).toHaveValue('Kept it calm.');
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(handle(api.rippleEffects, () => []));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No weeks recorded yet/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: "Record This Week's Impact" })).toBeEnabled();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.rippleEffects, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your ripple effects...');
  },
};

export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.rippleEffects, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't load your ripple effects.");
  },
};

/** Each week's four figures in two rows of two. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const weeks = within(await canvas.findByRole('list', { name: 'Weekly impact' }));
    await expect(weeks.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: "Record This Week's Impact" })).toBeEnabled();
  },
};
