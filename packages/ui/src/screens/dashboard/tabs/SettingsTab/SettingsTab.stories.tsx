import { api } from '@prr/contract';
import { delayed, failing } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { jordan, priya } from '../../storyData';
import { SettingsTab } from './SettingsTab';
import { tabFrame } from '../../storyDecorators';

const meta = {
  title: 'Dashboard/Tabs/Settings',
  component: SettingsTab,
  args: { member: jordan },
  decorators: [tabFrame(900)],
} satisfies Meta<typeof SettingsTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Reminders on (the defaults): time and time zone are shown, no warning. */
export const RemindersOn: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Daily email reminders' })).toBeChecked();
    await expect(canvas.getByRole('combobox', { name: 'Reminder time' })).toHaveTextContent('9:00 AM');
    await expect(canvas.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Eastern Time (New York)');
    await expect(canvas.queryByText('Email Reminders Disabled')).not.toBeInTheDocument();
    // Below the reminders, the member's data (Dashboard/Tabs/Settings/YourData).
    await expect(canvas.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  },
};

/** Priya's own choices: 7:00 AM, Los Angeles. */
export const CustomTime: Story = {
  args: { member: priya },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Reminder time' })).toHaveTextContent('7:00 AM');
    await expect(canvas.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Pacific Time (Los Angeles)');
  },
};

/** Reminders off: the warning, no reminder time, and the time zone still shown (it sets when the day changes). */
export const RemindersOff: Story = {
  args: { member: { ...priya, emailReminders: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Daily email reminders' })).not.toBeChecked();
    await expect(canvas.getByRole('heading', { name: 'Email Reminders Disabled' })).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox', { name: 'Reminder time' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Pacific Time (Los Angeles)');
    await expect(
      canvas.getByText('Your day changes at midnight here, and reminders follow its clock.'),
    ).toBeInTheDocument();
  },
};

/** With reminders off the time zone can still be changed and saved. */
export const TimeZoneWhileOff: Story = {
  args: { member: { ...jordan, emailReminders: false } },
  beforeEach({ msw }) {
    msw.use(delayed(api.updateEmailSettings));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Time zone' }));
    await userEvent.click(await screen.findByRole('option', { name: 'London' }));
    await expect(canvas.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('London');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Settings' }));
    await expect(await canvas.findByText('Settings updated! ⚙️')).toBeInTheDocument();
  },
};

/** Turning reminders off hides the reminder time and shows the warning; on again brings it back. */
export const Toggle: Story = {
  play: async ({ canvas, userEvent }) => {
    const reminders = canvas.getByRole('switch', { name: 'Daily email reminders' });
    await userEvent.click(reminders);
    await expect(canvas.getByText('Email Reminders Disabled')).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox', { name: 'Reminder time' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Time zone' })).toBeInTheDocument();
    await userEvent.click(reminders);
    await expect(canvas.queryByText('Email Reminders Disabled')).not.toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Reminder time' })).toBeInTheDocument();
  },
};

/** A new time and zone chosen from the lists and saved. */
export const SaveChanges: Story = {
  beforeEach({ msw }) {
    // An answer a moment later, as over a network: the button then always shows its saving state
    // before the toast. An instant answer sometimes came before React disabled it, and the picture
    // kept the button focused or not depending on that race.
    msw.use(delayed(api.updateEmailSettings));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Reminder time' }));
    await userEvent.click(await screen.findByRole('option', { name: '7:00 PM' }));
    await expect(canvas.getByRole('combobox', { name: 'Reminder time' })).toHaveTextContent('7:00 PM');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Time zone' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tokyo' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save Settings' }));
    await expect(await canvas.findByText('Settings updated! ⚙️')).toBeInTheDocument();
    await expect(canvas.getByText('Your email preferences have been saved.')).toBeInTheDocument();
  },
};

export const Saving: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.updateEmailSettings, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save Settings' }));
    await expect(await canvas.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  },
};

export const SaveFailure: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.updateEmailSettings, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save Settings' }));
    await expect(await canvas.findByText('Something went wrong')).toBeInTheDocument();
    await expect(canvas.getByText('Please try again.')).toBeInTheDocument();
  },
};

/** 'Sign out everywhere' asks first, saying what it ends; Cancel is the safe way out. */
export const SignOutEverywhereDialog: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
    await expect(
      dialog.getByText(
        'This signs out this device and every other device you are signed in on, and makes every e-mail link already sent to you stop working.',
      ),
    ).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Yes, sign out everywhere' })).toBeEnabled();
  },
};

/** Confirmed: the request is on its way, and both buttons wait for it. */
export const SigningOutEverywhere: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.signOutEverywhere, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await expect(await dialog.findByRole('button', { name: 'Signing out...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** Done: the toast says every device is out (the dashboard page then shows the e-mail entry). */
export const SignedOutEverywhere: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.signOutEverywhere));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await expect(await canvas.findByText('Signed out everywhere')).toBeInTheDocument();
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** The request failed: the error toast, and the button can be pressed again. */
export const SignOutEverywhereFailure: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(failing(api.signOutEverywhere, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await expect(await canvas.findByText('Something went wrong')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled();
  },
};

/** Each setting's label sits above its control. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Daily email reminders' })).toBeChecked();
    const time = canvas.getByRole('combobox', { name: 'Reminder time' });
    await expect(time).toHaveTextContent('9:00 AM');
    await expect(time.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(canvas.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
  },
};
