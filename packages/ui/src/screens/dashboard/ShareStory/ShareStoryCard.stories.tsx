import { api, STORY_MAX } from '@prr/contract';
import { STORY_MESSAGES, fieldError } from '@prr/domain';
import { delayed, failing, handle } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { RequestBodies } from '../../../test/requestBodies';
import { jordan } from '../storyData';
import { tabFrame } from '../storyDecorators';
import { STORY_STATUS_TEXT, ShareStoryCard } from './ShareStoryCard';
import { STORY_SENT_MESSAGE } from './ShareStoryDialog';
import { latestStory } from './storyData';

const shareRequests = new RequestBodies(api.shareStory);

/** Jordan has shared no story yet (the mocks' default): the card offers the form. */
const meta = {
  title: 'Dashboard/Share Your Story',
  component: ShareStoryCard,
  args: { member: jordan },
  decorators: [tabFrame(560)],
  beforeEach({ msw }) {
    msw.use(shareRequests.start());
  },
} satisfies Meta<typeof ShareStoryCard>;

export default meta;
type Story = StoryObj<typeof meta>;

type Page = ReturnType<typeof within>;

/** Opens the form; the dialog is portalled outside the story's canvas. */
async function openForm(canvas: Page, page: Page, userEvent: { click: (element: Element) => Promise<void> }) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Share your story' }));
  return within(await page.findByRole('dialog', { name: 'Share your story' }));
}

export const NoStoryYet: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Share your story' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Share your story' })).toBeInTheDocument();
    await expect(canvas.getByText('+15 points')).toBeInTheDocument();
  },
};

/**
 * A valid story: typed, placed, rated with the keyboard, sent; the thank-you, then the card says it
 * waits for review and offers no second form.
 */
export const SendStory: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(delayed(api.shareStory));
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await openForm(canvas, page, userEvent);
    await expect(dialog.getByText(/appears on the home page as Jordan R\., with your location/)).toBeInTheDocument();

    const story = dialog.getByLabelText('Your story');
    await userEvent.type(story, 'I counted to three. <b>It worked.</b>');
    await expect(dialog.getByText(`37 of ${STORY_MAX} characters`)).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Your location'), 'Brooklyn, NY');
    dialog.getByRole('radio', { name: '1 star' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Send my story' }));

    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(await dialog.findByText(STORY_SENT_MESSAGE)).toHaveFocus();
    await expect(shareRequests.bodies).toEqual([
      { content: 'I counted to three. <b>It worked.</b>', location: 'Brooklyn, NY', rating: 4 },
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByText(STORY_STATUS_TEXT.pending)).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /Share/ })).not.toBeInTheDocument();
  },
};

/** Nothing filled in: the contract's messages under each field, and nothing sent. */
export const MissingFields: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const dialog = await openForm(canvas, within(canvasElement.ownerDocument.body), userEvent);
    await userEvent.type(dialog.getByLabelText('Your location'), '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Send my story' }));
    await expect(dialog.getByLabelText('Your story')).toHaveAccessibleDescription(/Write your story/);
    await expect(dialog.getByLabelText('Your location')).toHaveAccessibleDescription(/Say where you are/);
    await expect(dialog.getByRole('group', { name: /Your rating/ })).toHaveAccessibleDescription(
      'Choose a rating from 1 to 5',
    );
    await expect(shareRequests.bodies).toEqual([]);
    // Typing puts the field's message away.
    await userEvent.type(dialog.getByLabelText('Your story'), 'A');
    await expect(dialog.queryByText('Write your story')).not.toBeInTheDocument();
  },
};

/** The server refuses a field: its message under that field, tied to it. */
export const ServerFieldError: Story = {
  beforeEach({ msw }) {
    msw.use(
      handle(api.shareStory, () => {
        throw fieldError('location', 'Location must be a place, not a link');
      }),
    );
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const dialog = await openForm(canvas, within(canvasElement.ownerDocument.body), userEvent);
    await userEvent.type(dialog.getByLabelText('Your story'), 'We talked instead of shouting.');
    await userEvent.type(dialog.getByLabelText('Your location'), 'https://example.com');
    await userEvent.click(dialog.getByRole('radio', { name: '5 stars' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send my story' }));
    const location = dialog.getByLabelText('Your location');
    await waitFor(() => expect(location).toHaveAttribute('aria-invalid', 'true'));
    await expect(location).toHaveAccessibleDescription(/Location must be a place, not a link/);
    await expect(dialog.getByLabelText('Your story')).toHaveValue('We talked instead of shouting.');
  },
};

/** One already waits for review (sent from another device): the server's 409 message, above the button. */
export const AlreadyShared: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.shareStory, 409, STORY_MESSAGES.pending));
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const dialog = await openForm(canvas, within(canvasElement.ownerDocument.body), userEvent);
    await userEvent.type(dialog.getByLabelText('Your story'), 'We talked instead of shouting.');
    await userEvent.type(dialog.getByLabelText('Your location'), 'Queens, NY');
    await userEvent.click(dialog.getByRole('radio', { name: '3 stars' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send my story' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(STORY_MESSAGES.pending);
  },
};

/** The form as it opens, for the screenshots: empty, the counter at zero, no star chosen. */
export const EmptyForm: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const dialog = await openForm(canvas, within(canvasElement.ownerDocument.body), userEvent);
    await expect(dialog.getByText(`0 of ${STORY_MAX} characters`)).toBeInTheDocument();
    await expect(dialog.getByText('Not rated yet')).toBeInTheDocument();
    await expect(dialog.getByLabelText('Your story')).toHaveFocus();
  },
};

export const Pending: Story = {
  beforeEach({ msw }) {
    msw.use(latestStory('pending'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(STORY_STATUS_TEXT.pending)).toBeInTheDocument();
    await expect(canvas.getByText('Waiting for review')).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Approved: Story = {
  beforeEach({ msw }) {
    msw.use(latestStory('approved'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(STORY_STATUS_TEXT.approved)).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** Not approved: the member may send another. */
export const Rejected: Story = {
  beforeEach({ msw }) {
    msw.use(latestStory('rejected'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(STORY_STATUS_TEXT.rejected)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Share another story' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.memberDashboard, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your stories...');
  },
};

export const LoadError: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.memberDashboard, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't load your stories.");
    await expect(canvas.queryByRole('button', { name: 'Share your story' })).not.toBeInTheDocument();
  },
};
