import { api } from '@prr/contract';
import { promptForDay } from '@prr/domain';
import { delayed, failing } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { jordan } from '../../storyData';
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

/** Day 10's prompt card and the empty form. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: dayTen?.title })).toBeInTheDocument();
    await expect(canvas.getByText(dayTen?.prompt ?? '')).toBeInTheDocument();
    await expect(canvas.getByText(dayTen?.category ?? '')).toBeInTheDocument();
    await expect(canvas.getByText(`Difficulty ${dayTen?.difficulty} of 3`)).toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'I paused before reacting' })).not.toBeChecked();
    await expect(canvas.getByRole('slider', { name: 'Mood' })).toHaveAttribute('aria-valuenow', '5');
    await expect(canvas.getByRole('slider', { name: 'Empathy' })).toHaveAttribute('aria-valuenow', '5');
    await expect(canvas.getByRole('slider', { name: 'Self-awareness' })).toHaveAttribute('aria-valuenow', '5');
    await expect(canvas.getByText('Exercises completed: 0 of 3')).toBeInTheDocument();
  },
};

/** A full entry, saved: the success toast, then the form back at its defaults. */
export const SaveResetsForm: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: dayTen?.title });
    const paused = canvas.getByRole('switch', { name: 'I paused before reacting' });
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

    await expect(paused).not.toBeChecked();
    await expect(mood).toHaveAttribute('aria-valuenow', '5');
    await expect(conflicts).toHaveValue(0);
    await expect(canvas.getByLabelText('Notes about your day')).toHaveValue('');
    await expect(canvas.getByText('Exercises completed: 0 of 3')).toBeInTheDocument();
  },
};

/** While the save is on its way the button says so and cannot be pressed again. */
export const Saving: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.saveReflection, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save Reflection' }));
    await expect(await canvas.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  },
};

/** The save failed: the error toast, and nothing the member wrote is lost. */
export const SaveFailure: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.saveReflection, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('switch', { name: 'I paused before reacting' }));
    await userEvent.type(canvas.getByLabelText('Notes about your day'), 'Hard day.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Reflection' }));
    await expect(await canvas.findByText('Something went wrong')).toBeInTheDocument();
    await expect(canvas.getByText('Please try again.')).toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'I paused before reacting' })).toBeChecked();
    await expect(canvas.getByLabelText('Notes about your day')).toHaveValue('Hard day.');
  },
};

export const PromptLoading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.reflectionPrompt, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent("Loading today's prompt...");
    await expect(canvas.getByRole('button', { name: 'Save Reflection' })).toBeEnabled();
  },
};

/** No prompt: the member can still reflect. */
export const PromptError: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.reflectionPrompt, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't load today's prompt.");
    await expect(canvas.getByRole('button', { name: 'Save Reflection' })).toBeEnabled();
  },
};

/** One column: the prompt card comes first and the form follows below it. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: dayTen?.title })).toBeInTheDocument();
    const prompt = canvas.getByText(dayTen?.prompt ?? '');
    const paused = canvas.getByRole('switch', { name: 'I paused before reacting' });
    await expect(paused.getBoundingClientRect().top).toBeGreaterThanOrEqual(prompt.getBoundingClientRect().bottom);
    await expect(canvas.getByRole('button', { name: 'Save Reflection' })).toBeEnabled();
  },
};
