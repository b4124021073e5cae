import { api } from '@prr/contract';
import { STORY_MESSAGES } from '@prr/domain';
import { failing, mockDb, scenarios } from '@prr/mocks';
import { members, stories } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config';
import { adminSessionStore } from '../../../hooks/useAdminSession';
import { renderWithProviders } from '../../../test';
import { countRequests } from '../../../test/countRequests';
import { StoriesPage } from './StoriesPage';
import { HTML_LIKE_TEXT, seedHtmlLikeStory, seedReviewedStories } from './storyData';

function renderStories(route: string = paths.adminStories) {
  return renderWithProviders(<StoriesPage />, {
    route,
    path: paths.adminStories,
    routes: { [paths.adminLogin]: <p>Admin login page</p> },
  });
}

const names = async (listName: string) =>
  within(await screen.findByRole('list', { name: listName }))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
const article = (name: string) => within(screen.getByRole('article', { name }));

afterEach(() => localStorage.clear());

describe('StoriesPage guard', () => {
  it('redirects to /admin/login without the stored flag, reading nothing', async () => {
    const reads = countRequests(api.adminStories.path);
    renderStories();
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(reads.count).toBe(0);
  });
});

describe('StoriesPage', () => {
  beforeEach(() => {
    adminSessionStore.signIn('Maya Chen');
    server.use(...scenarios.adminSignedIn);
  });

  it('shows the pending queue oldest first, read once for the list and the nav count', async () => {
    const reads = countRequests(api.adminStories.path);
    renderStories();
    expect(screen.getByRole('heading', { level: 1, name: 'Stories' })).toBeInTheDocument();
    expect(screen.getByText('Loading stories...')).toBeInTheDocument();
    expect(await names('Pending stories')).toEqual(['Marcus Bell', 'Hannah Lee']);
    expect(screen.getByRole('link', { name: 'Stories 2 waiting for review' })).toHaveAttribute('aria-current', 'page');
    const hannah = article('Hannah Lee');
    expect(hannah.getByText('hannah.lee@example.com')).toBeInTheDocument();
    expect(hannah.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(hannah.getByText('Denver, CO')).toBeInTheDocument();
    expect(hannah.getByText('Hannah L.')).toBeInTheDocument();
    expect(reads.count).toBe(1);
  });

  it('renders a story written as HTML as its characters', async () => {
    seedHtmlLikeStory();
    renderStories();
    await names('Pending stories');
    const noah = screen.getByRole('article', { name: 'Noah Fischer' });
    expect(within(noah).getByText(HTML_LIKE_TEXT)).toBeInTheDocument();
    expect(noah.innerHTML).toContain('&lt;b&gt;hi&lt;/b&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(noah.querySelector('img, b, i')).toBeNull();
  });

  it('approves: +15 for the member, the story leaves the queue and joins the home page reviews', async () => {
    const [marcus] = stories;
    const before = members.find((member) => member.id === marcus?.memberId)?.points ?? 0;
    const { user, queryClient } = renderStories();
    await names('Pending stories');
    // A cached read of the home page's reviews, as if the admin had the home page open too.
    await queryClient.prefetchQuery({ queryKey: [api.testimonials.path], queryFn: () => [] });

    await user.click(article('Marcus Bell').getByRole('button', { name: "Approve Marcus Bell's story" }));
    expect(await screen.findByText('Story approved')).toBeInTheDocument();
    await waitFor(async () => expect(await names('Pending stories')).toEqual(['Hannah Lee']));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Hannah Lee' })).toHaveFocus());
    expect(mockDb.members.find((member) => member.id === marcus?.memberId)?.points).toBe(before + 15);
    expect(queryClient.getQueryState([api.testimonials.path])?.isInvalidated).toBe(true);
    expect(screen.getByRole('link', { name: 'Stories 1 waiting for review' })).toBeInTheDocument();
  });

  it('rejects without points, and the story is on the Rejected list', async () => {
    const [marcus] = stories;
    const before = members.find((member) => member.id === marcus?.memberId)?.points ?? 0;
    const { user } = renderStories();
    await names('Pending stories');
    await user.click(article('Marcus Bell').getByRole('button', { name: "Reject Marcus Bell's story" }));
    expect(await screen.findByText('Story rejected')).toBeInTheDocument();
    await waitFor(async () => expect(await names('Pending stories')).toEqual(['Hannah Lee']));
    expect(mockDb.members.find((member) => member.id === marcus?.memberId)?.points).toBe(before);
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(async () => expect(await names('Rejected stories')).toEqual(['Marcus Bell']));
  });

  it('reads the list from the address and shows when each was reviewed, without buttons', async () => {
    seedReviewedStories();
    renderStories(`${paths.adminStories}?status=approved`);
    expect(await names('Approved stories')).toEqual(['Grace Kim', 'Aisha Thompson']);
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('2 approved stories');
    expect(within(screen.getByRole('list', { name: 'Approved stories' })).queryAllByRole('button')).toEqual([]);
  });

  it('says so when the story was reviewed meanwhile, and reads the list again', async () => {
    server.use(failing(api.reviewStory, 409, STORY_MESSAGES.reviewed));
    const { user } = renderStories();
    await names('Pending stories');
    const reads = countRequests(api.adminStories.path);
    await user.click(article('Marcus Bell').getByRole('button', { name: "Approve Marcus Bell's story" }));
    expect(await screen.findByText('Error reviewing story')).toBeInTheDocument();
    expect(screen.getByText(STORY_MESSAGES.reviewed)).toBeInTheDocument();
    await waitFor(() => expect(reads.count).toBe(1));
  });

  it('ends the session and redirects when the list answers 401', async () => {
    server.use(...scenarios.adminUnauthenticated);
    renderStories();
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
  });
});
