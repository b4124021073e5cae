import { api } from '@prr/contract';
import { delayed, failing } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { useMe } from '../../../api';
import { MY_DATA_FILENAME } from '../../../api/myData';
import { catchDownloads } from '../MyData/downloadCatcher';
import { tabFrame } from '../storyDecorators';
import { CHOICES, CHOICE_FAILED_MESSAGE, CompletionScreen, DOWNLOAD_FAILED_MESSAGE } from './CompletionScreen';
import { jordanCompleted, seedCompleted } from './storyData';

/**
 * The screen with the member as the dashboard has them (GET /api/me), so a choice's answer shows
 * as it does on the page: the dashboard renders from the member read the choice replaces.
 */
function SignedInCompletion() {
  const me = useMe();
  return me.data ? <CompletionScreen member={me.data} /> : null;
}

type Canvas = ReturnType<typeof within>;

/** The figure on the total's card with this label. */
async function expectTotal(canvas: Canvas, label: string, value: string) {
  const card = canvas.getByText(label).closest('li');
  await expect(card).not.toBeNull();
  if (card) await expect(within(card).getByText(value)).toBeInTheDocument();
}

const choiceButton = (canvas: Canvas, choice: keyof typeof CHOICES) =>
  canvas.getByRole('button', { name: CHOICES[choice].label });

/** Jordan on day 91: ten reflections, nine of them paused, 14 better responses, Advocate. */
const meta = {
  title: 'Dashboard/Completion',
  component: CompletionScreen,
  args: { member: jordanCompleted },
  render: () => <SignedInCompletion />,
  decorators: [tabFrame()],
  beforeEach() {
    seedCompleted();
  },
} satisfies Meta<typeof CompletionScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not chosen yet: the totals, 'Download my data' and both choices, neither pressed. */
export const NoChoice: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'You completed the 90-Day Experiment!' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByText('Loading')).not.toBeInTheDocument());
    await expectTotal(canvas, 'Reflections', '10');
    await expectTotal(canvas, 'Times Paused', '9');
    await expectTotal(canvas, 'Better Responses', '14');
    await expectTotal(canvas, 'Peacemaker Level', 'Advocate');
    await expect(choiceButton(canvas, 'continue')).toHaveAttribute('aria-pressed', 'false');
    await expect(choiceButton(canvas, 'stop')).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('status').textContent).toBe('');
    await expect(canvas.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  },
};

/** 'Keep my daily reflection e-mail': saved, shown as chosen, and said. */
export const ChooseContinue: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(delayed(api.chooseAfterExperiment));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: CHOICES.continue.label }));
    await expect(canvas.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(await canvas.findByText(CHOICES.continue.chosen)).toBeInTheDocument();
    await expect(choiceButton(canvas, 'continue')).toHaveAttribute('aria-pressed', 'true');
    await expect(choiceButton(canvas, 'stop')).toHaveAttribute('aria-pressed', 'false');
  },
};

/** Chosen before: 'continue' is shown as the choice made. */
export const ContinueChosen: Story = {
  parameters: { visual: { viewports: ['desktop'] } },
  beforeEach() {
    seedCompleted('continue');
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(CHOICES.continue.chosen)).toBeInTheDocument();
    await expect(choiceButton(canvas, 'continue')).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Chosen before: 'stop'; the member may still change their mind. */
export const StopChosen: Story = {
  beforeEach({ msw }) {
    seedCompleted('stop');
    msw.use(delayed(api.chooseAfterExperiment));
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(CHOICES.stop.chosen)).toBeInTheDocument();
    await expect(choiceButton(canvas, 'stop')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(choiceButton(canvas, 'continue'));
    await expect(await canvas.findByText(CHOICES.continue.chosen)).toBeInTheDocument();
  },
};

/** The choice could not be saved: said, and nothing shown as chosen. */
export const ChoiceError: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.chooseAfterExperiment, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: CHOICES.stop.label }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(CHOICE_FAILED_MESSAGE);
    await expect(choiceButton(canvas, 'stop')).toHaveAttribute('aria-pressed', 'false');
    await expect(choiceButton(canvas, 'stop')).toBeEnabled();
  },
};

/** 'Download my data' hands the browser the JSON file of everything stored about the member. */
export const DownloadMyData: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ canvas, userEvent }) => {
    const downloads = catchDownloads();
    try {
      await userEvent.click(await canvas.findByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(downloads.files).toHaveLength(1));
      const [saved] = downloads.files;
      await expect(saved?.name).toBe(MY_DATA_FILENAME);
      await expect(JSON.parse((await saved?.file.text()) ?? '{}')).toMatchObject({
        profile: { name: 'Jordan Rivera' },
      });
    } finally {
      downloads.restore();
    }
  },
};

export const DownloadError: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.exportMyData, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Download my data' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(DOWNLOAD_FAILED_MESSAGE);
  },
};

/** The reflections could not be read: the totals wait for a retry; the level is still there. */
export const TotalsError: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.reflections, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/couldn't load your reflections/);
    await expectTotal(canvas, 'Peacemaker Level', 'Advocate');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  ...NoChoice,
  globals: { viewport: { value: 'mobile' } },
};
