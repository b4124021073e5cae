import { api, MemberExport, pathFor, queryKeyFor } from '@prr/contract';
import { failing, mockDb, onRoute } from '@prr/mocks';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MY_DATA_FILENAME } from '../../../../api/myData';
import { draftStore } from '../../../../hooks/useDraft';
import { memberEmailStore } from '../../../../hooks/useMemberEmail';
import { catchDownloads } from '../../MyData/downloadCatcher';
import { renderScreen } from '../../testUtils';
import { jordan } from '../../storyData';
import { SettingsTab } from './SettingsTab';
import { findModalDialog } from '../../../../test';

/** jsdom's Blob has no text(): its FileReader reads it. */
function readText(file: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsText(file ?? new Blob([]));
  });
}

beforeAll(() => {
  // jsdom has no object URLs; the download catcher replaces them anyway.
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => undefined;
});

describe('SettingsTab', () => {
  it('shows the reminder time only while reminders are on, the time zone always, and the warning only while off', async () => {
    const { user } = renderScreen(<SettingsTab member={jordan} />);
    expect(screen.getByRole('combobox', { name: 'Reminder time' })).toHaveTextContent('9:00 AM');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Eastern Time (New York)');
    expect(screen.queryByText('Email Reminders Disabled')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Daily email reminders' }));
    expect(screen.queryByRole('combobox', { name: 'Reminder time' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Eastern Time (New York)');
    expect(screen.getByRole('heading', { name: 'Email Reminders Disabled' })).toBeInTheDocument();
  });

  it('starts from the member: reminders off shows the warning and the time zone at once', () => {
    renderScreen(<SettingsTab member={{ ...jordan, emailReminders: false, timezone: 'Asia/Tokyo' }} />);
    expect(screen.getByText('Email Reminders Disabled')).toBeInTheDocument();
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Tokyo');
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

  it('saves a new time zone while reminders are off', async () => {
    const bodies: unknown[] = [];
    server.use(
      onRoute(api.updateEmailSettings, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    const { user } = renderScreen(<SettingsTab member={{ ...jordan, emailReminders: false }} />);
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(await screen.findByRole('option', { name: 'London' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated! ⚙️')).toBeInTheDocument();
    expect(bodies).toEqual([{ emailReminders: false, reminderTime: '09:00', timezone: 'Europe/London' }]);
  });
});

describe("SettingsTab's 'Your data'", () => {
  it("saves the member's export as one JSON file through GET /api/me/export", async () => {
    const paths: string[] = [];
    server.use(onRoute(api.exportMyData, ({ request }) => void paths.push(new URL(request.url).pathname)));
    const downloads = catchDownloads();
    try {
      const { user } = renderScreen(<SettingsTab member={jordan} />);
      await user.click(screen.getByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(downloads.files).toHaveLength(1));
      expect(paths).toEqual([pathFor(api.exportMyData)]);
      const [saved] = downloads.files;
      expect(saved?.name).toBe(MY_DATA_FILENAME);
      const data = MemberExport.parse(JSON.parse(await readText(saved?.file)));
      expect(data.profile).toMatchObject({ id: jordan.id, email: jordan.email });
      expect(data.reflections).toHaveLength(10);
      expect(await screen.findByRole('button', { name: 'Download my data' })).toBeEnabled();
    } finally {
      downloads.restore();
    }
  });

  it('says so when the export fails, and saves nothing', async () => {
    server.use(failing(api.exportMyData, 500));
    const downloads = catchDownloads();
    try {
      const { user } = renderScreen(<SettingsTab member={jordan} />);
      await user.click(screen.getByRole('button', { name: 'Download my data' }));
      expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't prepare your file just now.");
      expect(downloads.files).toEqual([]);
    } finally {
      downloads.restore();
    }
  });

  it("deletes the account after the confirmation and forgets the member's reads, drafts and e-mail in this browser", async () => {
    sessionStorage.setItem(draftStore.keyOf(`reflection.${jordan.id}.day10`), JSON.stringify({ notes: 'x' }));
    memberEmailStore.remember(jordan.email);
    const { user, queryClient } = renderScreen(<SettingsTab member={jordan} />);
    queryClient.setQueryData(queryKeyFor(api.me), jordan);
    queryClient.setQueryData(queryKeyFor(api.reflections), []);

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await findModalDialog('Delete your account?'));
    expect(mockDb.members.some((member) => member.id === jordan.id)).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));

    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(mockDb.members.some((member) => member.id === jordan.id)).toBe(false);
    expect(queryClient.getQueryData(queryKeyFor(api.me))).toBeNull();
    expect(queryClient.getQueryData(queryKeyFor(api.reflections))).toBeUndefined();
    expect(sessionStorage.getItem(draftStore.keyOf(`reflection.${jordan.id}.day10`))).toBeNull();
    expect(memberEmailStore.read()).toBeNull();
  });

  it('keeps the dialog open and says so when the deletion fails; Cancel deletes nothing', async () => {
    server.use(failing(api.deleteAccount, 500));
    const { user } = renderScreen(<SettingsTab member={jordan} />);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await findModalDialog('Delete your account?'));
    await user.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent("We couldn't delete your account just now.");
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockDb.members.some((member) => member.id === jordan.id)).toBe(true);

    // Opened again, the earlier failure is not shown.
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await findModalDialog('Delete your account?')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("SettingsTab's 'Sign out everywhere'", () => {
  it("asks first, then ends every session and forgets the member's reads, drafts and e-mail in this browser", async () => {
    const paths: string[] = [];
    server.use(onRoute(api.signOutEverywhere, ({ request }) => void paths.push(new URL(request.url).pathname)));
    sessionStorage.setItem(draftStore.keyOf(`reflection.${jordan.id}.day10`), JSON.stringify({ notes: 'x' }));
    memberEmailStore.remember(jordan.email);
    const { user, queryClient } = renderScreen(<SettingsTab member={jordan} />);
    queryClient.setQueryData(queryKeyFor(api.me), jordan);
    queryClient.setQueryData(queryKeyFor(api.reflections), []);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = within(await findModalDialog('Sign out everywhere?'));
    expect(paths).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Yes, sign out everywhere' }));

    expect(await screen.findByText('Signed out everywhere')).toBeInTheDocument();
    expect(paths).toEqual([pathFor(api.signOutEverywhere)]);
    expect(queryClient.getQueryData(queryKeyFor(api.me))).toBeNull();
    expect(queryClient.getQueryData(queryKeyFor(api.reflections))).toBeUndefined();
    expect(sessionStorage.getItem(draftStore.keyOf(`reflection.${jordan.id}.day10`))).toBeNull();
    expect(memberEmailStore.read()).toBeNull();
  });

  it('keeps the member signed in, with the error toast, when it fails; Cancel sends nothing', async () => {
    server.use(failing(api.signOutEverywhere, 500));
    const { user, queryClient } = renderScreen(<SettingsTab member={jordan} />);
    queryClient.setQueryData(queryKeyFor(api.me), jordan);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = within(await findModalDialog('Sign out everywhere?'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(
      within(await findModalDialog('Sign out everywhere?')).getByRole('button', {
        name: 'Yes, sign out everywhere',
      }),
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeyFor(api.me))).toEqual(jordan);
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled();
  });
});
