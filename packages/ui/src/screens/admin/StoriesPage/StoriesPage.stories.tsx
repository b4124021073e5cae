import { api } from '@prr/contract';
import { STORY_MESSAGES } from '@prr/domain';
import { delayed, failing, mockDb, scenarios } from '@prr/mocks';
import { members, stories } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { paths } from '../../../config';
import { ADMIN_FLAG_KEY } from '../../../hooks/useAdminSession';
import { adminStoryParameters } from '../adminStoryRoutes';
import { formatJoinDate } from '../RecentParticipants';
import { RETRY_TIMEOUT, signedInAdminPage } from '../storyData';
import { StoriesPage } from './StoriesPage';
import { HTML_LIKE_TEXT, seedHtmlLikeStory, seedReviewedStories } from './storyData';

const meta = {
  title: 'Admin/Stories',
  component: StoriesPage,
  ...signedInAdminPage(paths.adminStories),
} satisfies Meta<typeof StoriesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (name: string) => screen.findByRole('list', { name });
/** The stories in a list, by their heading (the member's name). */
const names = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
const story = async (listName: string, memberName: string) =>
  within(within(await list(listName)).getByRole('article', { name: memberName }));

const [marcus] = stories;

/** The queue: the fixtures' two pending stories, oldest first, each with who, where, the rating and when. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Stories' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: /^Stories/ })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    const pending = await list('Pending stories');
    await expect(names(pending)).toEqual(['Marcus Bell', 'Hannah Lee']);
    await expect(canvas.getByRole('status')).toHaveTextContent('2 stories waiting for review');
    // The nav counts them too.
    await expect(canvas.getByRole('link', { name: 'Stories 2 waiting for review' })).toBeInTheDocument();

    const first = await story('Pending stories', 'Marcus Bell');
    await expect(first.getByText('marcus.bell@example.com')).toBeInTheDocument();
    await expect(first.getByText(marcus?.content ?? 'missing')).toBeInTheDocument();
    await expect(first.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    await expect(first.getByText('Marcus B.')).toBeInTheDocument();
    await expect(first.getByText('Austin, TX')).toBeInTheDocument();
    await expect(first.getByText(formatJoinDate(marcus?.submittedAt ?? ''))).toBeInTheDocument();
    await expect(first.getByRole('button', { name: "Approve Marcus Bell's story" })).toBeEnabled();
    await expect(first.getByRole('button', { name: "Reject Marcus Bell's story" })).toBeEnabled();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.adminStories, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading stories...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.emptyLists);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No stories waiting for review.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Stories' })).toBeInTheDocument();
  },
};

export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.adminStories, 500));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText("We couldn't load the stories.", undefined, RETRY_TIMEOUT),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/**
 * Approving: the button says so while the server answers, then a toast, the story leaves the queue,
 * focus moves to the next one, and it is on the Approved list.
 */
export const Approve: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.reviewStory));
  },
  play: async ({ canvas, userEvent }) => {
    const first = await story('Pending stories', 'Marcus Bell');
    await userEvent.click(first.getByRole('button', { name: "Approve Marcus Bell's story" }));
    await expect(await first.findByRole('button', { name: "Approving... Marcus Bell's story" })).toBeDisabled();
    await expect(first.getByRole('button', { name: "Reject Marcus Bell's story" })).toBeDisabled();
    await expect(await screen.findByText('Story approved')).toBeInTheDocument();
    await expect(screen.getByText(/Marcus B\.'s story is now among the home page's reviews/)).toBeInTheDocument();
    await waitFor(async () => expect(names(await list('Pending stories'))).toEqual(['Hannah Lee']));
    await waitFor(() => expect(canvas.getByRole('article', { name: 'Hannah Lee' })).toHaveFocus());
    await expect(canvas.getByRole('status')).toHaveTextContent('1 story waiting for review');
    await expect(canvas.getByRole('link', { name: 'Stories 1 waiting for review' })).toBeInTheDocument();
    // +15 for Marcus, by the domain's rule.
    const points = () => mockDb.members.find((candidate) => candidate.id === marcus?.memberId)?.points;
    await expect(points()).toBe((members.find((candidate) => candidate.id === marcus?.memberId)?.points ?? 0) + 15);

    await userEvent.click(canvas.getByRole('tab', { name: 'Approved' }));
    await waitFor(async () => expect(names(await list('Approved stories'))).toEqual(['Marcus Bell']));
  },
};

/** Rejecting the last one in the queue: the toast, the empty queue, focus on the count. */
export const Reject: Story = {
  beforeEach({ msw }) {
    // Marcus's story only (the store's own copy).
    mockDb.stories = mockDb.stories.slice(0, 1);
    msw.use(delayed(api.reviewStory));
  },
  play: async ({ canvas, userEvent }) => {
    const only = await story('Pending stories', 'Marcus Bell');
    await userEvent.click(only.getByRole('button', { name: "Reject Marcus Bell's story" }));
    await expect(await screen.findByText('Story rejected')).toBeInTheDocument();
    await expect(await canvas.findByText('No stories waiting for review.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByText('0 stories waiting for review')).toHaveFocus());
    await userEvent.click(canvas.getByRole('tab', { name: 'Rejected' }));
    await waitFor(async () => expect(names(await list('Rejected stories'))).toEqual(['Marcus Bell']));
  },
};

/** The review never answers: both of that story's buttons wait; the other story's do not. */
export const Reviewing: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.reviewStory, 'infinite'));
  },
  play: async ({ userEvent }) => {
    const first = await story('Pending stories', 'Marcus Bell');
    await userEvent.click(first.getByRole('button', { name: "Reject Marcus Bell's story" }));
    await expect(await first.findByRole('button', { name: "Rejecting... Marcus Bell's story" })).toBeDisabled();
    await expect(first.getByRole('button', { name: "Approve Marcus Bell's story" })).toBeDisabled();
    const second = await story('Pending stories', 'Hannah Lee');
    await expect(second.getByRole('button', { name: "Approve Hannah Lee's story" })).toBeEnabled();
  },
};

/** Reviewed meanwhile (another tab): the server's 409 in a toast, and the list is read again. */
export const AlreadyReviewed: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.reviewStory, 409, STORY_MESSAGES.reviewed));
  },
  play: async ({ userEvent }) => {
    const first = await story('Pending stories', 'Marcus Bell');
    await userEvent.click(first.getByRole('button', { name: "Approve Marcus Bell's story" }));
    await expect(await screen.findByText('Error reviewing story')).toBeInTheDocument();
    await expect(screen.getByText(STORY_MESSAGES.reviewed)).toBeInTheDocument();
  },
};

/** The Approved list, from the address: newest review first, with the review date and no buttons. */
export const Approved: Story = {
  parameters: adminStoryParameters(`${paths.adminStories}?status=approved`),
  beforeEach() {
    seedReviewedStories();
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
    const approved = await list('Approved stories');
    await expect(names(approved)).toEqual(['Grace Kim', 'Aisha Thompson']);
    await expect(canvas.getByRole('status')).toHaveTextContent('2 approved stories');
    const grace = await story('Approved stories', 'Grace Kim');
    await expect(grace.getByText('Approved')).toBeInTheDocument();
    await expect(grace.getByText(formatJoinDate('2025-10-02T09:30:00.000Z'))).toBeInTheDocument();
    await expect(within(approved).queryAllByRole('button')).toEqual([]);
    // The member's line breaks are kept.
    const aisha = await story('Approved stories', 'Aisha Thompson');
    await expect(aisha.getByText(/Retry is my favourite step\./)).toHaveStyle({ whiteSpace: 'pre-wrap' });
  },
};

/** Arrow keys move between the tabs (and so the lists); the address follows. */
export const KeyboardTabs: Story = {
  beforeEach() {
    seedReviewedStories();
  },
  play: async ({ canvas, userEvent }) => {
    await list('Pending stories');
    canvas.getByRole('tab', { name: 'Pending' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Rejected' })).toHaveFocus();
    // The address changes in a transition: the tab is chosen a moment later.
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Rejected' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(async () => expect(names(await list('Rejected stories'))).toEqual(['Luis Ortega']));
    await expect(canvas.getByRole('status')).toHaveTextContent('1 rejected story');
  },
};

/** A story written as HTML shows its characters: no bold text, no image, no script ran. */
export const HtmlLikeText: Story = {
  beforeEach() {
    seedHtmlLikeStory();
  },
  play: async () => {
    const noah = await story('Pending stories', 'Noah Fischer');
    await expect(noah.getByText(HTML_LIKE_TEXT)).toBeInTheDocument();
    await expect(noah.getByText('<i>Boise</i>, ID')).toBeInTheDocument();
    const article = noah.getByText(HTML_LIKE_TEXT).closest('article');
    await expect(article?.querySelector('img, b, i')).toBeNull();
  },
};

/** A phone: the stories stack, the buttons still in reach. */
export const Narrow: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBeLessThanOrEqual(375);
    const first = await story('Pending stories', 'Marcus Bell');
    await expect(first.getByRole('button', { name: "Approve Marcus Bell's story" })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  },
};

/** The flag is there but the server's session expired: the flag goes and the login screen opens. */
export const Unauthenticated: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.adminUnauthenticated);
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Admin Login' }, RETRY_TIMEOUT),
    ).toBeInTheDocument();
    await expect(await canvas.findByText('Session expired')).toBeInTheDocument();
    await expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  },
};
