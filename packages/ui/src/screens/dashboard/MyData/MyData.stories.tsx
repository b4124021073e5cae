import { api, MemberExport, myDailyFiguresExport } from '@prr/contract';
import { dailyFiguresCsv } from '@prr/domain';
import { delayed, failing, NETWORK_DELAY_MS, onRoute } from '@prr/mocks';
import { reflections } from '@prr/mocks/fixtures';
import { delay, HttpResponse } from 'msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { MY_DATA_FILENAME } from '../../../api/myData';
import { jordan } from '../storyData';
import { tabFrame } from '../storyDecorators';
import { DAILY_FIGURES_FILENAME } from './dailyFiguresDownload';
import { catchDownloads } from './downloadCatcher';
import { MyData } from './MyData';

const meta = {
  title: 'Dashboard/Tabs/Settings/YourData',
  component: MyData,
  args: { member: jordan },
  decorators: [tabFrame(900)],
} satisfies Meta<typeof MyData>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Download my daily figures' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    await expect(canvas.getByText(new RegExp(MY_DATA_FILENAME.replaceAll('.', '\\.')))).toBeInTheDocument();
  },
};

/**
 * 'Download my data' saves the server's export as pause-reflect-retry-my-data.json: Jordan's
 * profile, ten reflections, two achievements and two ripple-effect weeks.
 */
export const Download: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(delayed(api.exportMyData));
  },
  play: async ({ canvas, userEvent }) => {
    const downloads = catchDownloads();
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
      await expect(await canvas.findByRole('button', { name: 'Preparing your file...' })).toBeDisabled();
      await expect(await canvas.findByRole('button', { name: 'Download my data' })).toBeEnabled();
      await waitFor(() => expect(downloads.files).toHaveLength(1));
      const [saved] = downloads.files;
      await expect(saved?.name).toBe(MY_DATA_FILENAME);
      await expect(saved?.file.type).toBe('application/json');
      const data = MemberExport.parse(JSON.parse((await saved?.file.text()) ?? ''));
      await expect(data.profile.email).toBe(jordan.email);
      await expect(data.reflections).toHaveLength(10);
      await expect(data.achievements).toHaveLength(2);
      await expect(data.rippleEffects).toHaveLength(2);
      await expect(data.emailSettings.timezone).toBe(jordan.timezone);
      await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      downloads.restore();
    }
  },
};

/** The export failed: it says so beside the button, and nothing is saved. */
export const DownloadFailure: Story = {
  beforeEach({ msw }) {
    // The failure comes a moment later, as over a network, so the button always shows its pending
    // state first: an instant answer sometimes came before React disabled the button, and the
    // picture kept its focus ring or not depending on that race.
    msw.use(failing(api.exportMyData, 500));
  },
  play: async ({ canvas, userEvent }) => {
    const downloads = catchDownloads();
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
      await expect(await canvas.findByRole('alert')).toHaveTextContent(
        "We couldn't prepare your file just now. Please try again.",
      );
      await expect(downloads.files).toHaveLength(0);
      await expect(canvas.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    } finally {
      downloads.restore();
    }
  },
};

/** Jordan's daily figures as the server writes them: the domain's CSV of his ten days. */
async function jordansDailyCsv(): Promise<string> {
  let csv = '';
  for await (const chunk of dailyFiguresCsv(reflections)) csv += chunk;
  return csv;
}

/**
 * 'Download my daily figures' saves the CSV as my-daily-figures.csv: a header and one row per saved
 * day. The answer comes a moment later, as over a network, so the button shows its pending state.
 */
export const DownloadDailyFigures: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(
      onRoute(myDailyFiguresExport, async () => {
        await delay(NETWORK_DELAY_MS);
        return new HttpResponse(await jordansDailyCsv(), {
          headers: { 'Content-Type': myDailyFiguresExport.contentType },
        });
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    const downloads = catchDownloads();
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Download my daily figures' }));
      await expect(await canvas.findByRole('button', { name: 'Preparing your spreadsheet...' })).toBeDisabled();
      await expect(await canvas.findByRole('button', { name: 'Download my daily figures' })).toBeEnabled();
      await waitFor(() => expect(downloads.files).toHaveLength(1));
      const [saved] = downloads.files;
      await expect(saved?.name).toBe(DAILY_FIGURES_FILENAME);
      await expect(saved?.file.type).toMatch(/^text\/csv/);
      const lines = ((await saved?.file.text()) ?? '').trim().split(/\r?\n/);
      await expect(lines).toHaveLength(11);
      await expect(lines[0]).toMatch(/^Day,Date,Paused,Reflected,Retried,Mood,/);
      await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      downloads.restore();
    }
  },
};

/** The CSV failed: it says so beside its button, and nothing is saved. */
export const DownloadDailyFiguresFailure: Story = {
  beforeEach({ msw }) {
    msw.use(failing(myDailyFiguresExport, 500));
  },
  play: async ({ canvas, userEvent }) => {
    const downloads = catchDownloads();
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Download my daily figures' }));
      await expect(await canvas.findByRole('alert')).toHaveTextContent(
        "We couldn't prepare your spreadsheet just now. Please try again.",
      );
      await expect(downloads.files).toHaveLength(0);
      await expect(canvas.getByRole('button', { name: 'Download my daily figures' })).toBeEnabled();
    } finally {
      downloads.restore();
    }
  },
};

/** The confirmation names the address and what goes; Cancel closes it and nothing is deleted. */
export const DeleteConfirm: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toHaveAccessibleDescription(
      `This deletes the account of ${jordan.email} and everything stored with it. It cannot be undone.`,
    );
    const confirm = within(dialog);
    await expect(confirm.getByText('every reflection, achievement and point;')).toBeInTheDocument();
    await expect(confirm.getByText('your ripple effects and the stories you shared;')).toBeInTheDocument();
    await expect(confirm.getByRole('button', { name: 'Yes, delete my account' })).toBeEnabled();
    // The dialog opens on its Close button, never on the destructive one.
    await expect(confirm.getByRole('button', { name: 'Close' })).toHaveFocus();

    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Delete my account' })).toHaveFocus();
  },
};

/** While the deletion is on its way the button says so and cannot be pressed again. */
export const Deleting: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.deleteAccount, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    await expect(await dialog.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
  },
};

/** The deletion failed: the dialog stays open and says so; the member can try again or cancel. */
export const DeleteError: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.deleteAccount, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      "We couldn't delete your account just now. Please try again.",
    );
    await expect(dialog.getByRole('button', { name: 'Yes, delete my account' })).toBeEnabled();
    await expect(canvas.queryByText('Account deleted')).not.toBeInTheDocument();
  },
};

/** Buttons under their text on a phone; the confirmation fits the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, userEvent }) => {
    const remove = canvas.getByRole('button', { name: 'Delete my account' });
    await expect(remove.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
  },
};
