import { api, pathFor } from '@prr/contract';
import { failing, onRoute } from '@prr/mocks';
import { server } from '@prr/mocks/node';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testUtils';
import { jordan } from '../../storyData';
import { SettingsTab } from './SettingsTab';

describe('SettingsTab', () => {
  it('shows time and time zone only while reminders are on, and the warning only while off', async () => {
    const { user } = renderScreen(<SettingsTab member={jordan} />);
    expect(screen.getByRole('combobox', { name: 'Reminder time' })).toHaveTextContent('9:00 AM');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Eastern Time (New York)');
    expect(screen.queryByText('Email Reminders Disabled')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Daily email reminders' }));
    expect(screen.queryByRole('combobox', { name: 'Reminder time' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Time zone' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email Reminders Disabled' })).toBeInTheDocument();
  });

  it('starts from the member: reminders off shows the warning at once', () => {
    renderScreen(<SettingsTab member={{ ...jordan, emailReminders: false }} />);
    expect(screen.getByText('Email Reminders Disabled')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("saves the three settings as the signed-in member's (no id in the address) and confirms with a toast", async () => {
    const bodies: unknown[] = [];
    const paths: string[] = [];
    server.use(
      onRoute(api.updateEmailSettings, async ({ request }) => {
        paths.push(new URL(request.url).pathname);
        bodies.push(await request.clone().json());
      }),
    );
    const { user } = renderScreen(<SettingsTab member={jordan} />);
    await user.click(screen.getByRole('switch', { name: 'Daily email reminders' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated! ⚙️')).toBeInTheDocument();
    expect(screen.getByText('Your email preferences have been saved.')).toBeInTheDocument();
    expect(paths).toEqual([pathFor(api.updateEmailSettings)]);
    expect(bodies).toEqual([{ emailReminders: false, reminderTime: '09:00', timezone: 'America/New_York' }]);
  });

  it('shows the error toast when saving fails', async () => {
    server.use(failing(api.updateEmailSettings, 500));
    const { user } = renderScreen(<SettingsTab member={jordan} />);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Please try again.')).toBeInTheDocument();
  });
});
