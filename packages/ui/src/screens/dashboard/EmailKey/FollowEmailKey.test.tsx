import { api, pathFor, queryKeyFor, SIGN_IN_MESSAGES } from '@prr/contract';
import { onRoute, scenarios } from '@prr/mocks';
import { demoMember, quietMember } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberEmailStore } from '../../../hooks/useMemberEmail';
import { DashboardPage } from '../DashboardPage';
import { renderScreen } from '../testUtils';
import { issueStoryKey, revokeStoryKey, STORY_KEY } from './storyData';

/** Method and path of every request the page makes, in order. */
let requests: string[] = [];
const logRequest = ({ request }: { request: Request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
};
const post = (route: { path: string }) => `POST ${pathFor(route)}`;

beforeEach(() => {
  requests = [];
  server.events.on('request:start', logRequest);
  memberEmailStore.forget();
});

afterEach(() => {
  server.events.removeListener('request:start', logRequest);
  memberEmailStore.forget();
});

/** The page with the address it is at (fragment included), and how the router got there. */
function PageAt() {
  const location = useLocation();
  const navigation = useNavigationType();
  return (
    <>
      <DashboardPage />
      <div data-testid="location" data-navigation={navigation}>
        {location.pathname + location.search + location.hash}
      </div>
    </>
  );
}

const renderPage = (route = `/dashboard?utm=mail#key=${STORY_KEY}`) =>
  renderScreen(<PageAt />, { route, path: '/dashboard' });

// The dashboard is a large tree; leave room on a shared, busy machine.
describe("following an e-mail's key", { timeout: 30_000 }, () => {
  it('takes the key out of the address at once, keeping path and query, and uses nothing before the button', async () => {
    server.use(...scenarios.signedOut);
    issueStoryKey(quietMember);
    const { user } = renderPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\?utm=mail$/));
    // Replaced, not pushed: no history entry keeps the key.
    expect(screen.getByTestId('location')).toHaveAttribute('data-navigation', 'REPLACE');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Hello, Priya' });
    expect(heading).toHaveFocus();
    expect(requests).toContain(post(api.checkSignInLink));
    expect(requests).not.toContain(post(api.signInWithLink));

    await user.click(screen.getByRole('button', { name: 'Open my dashboard' }));
    expect(await screen.findByText('Welcome back, Priya!')).toBeInTheDocument();
    expect(requests.filter((request) => request === post(api.signInWithLink))).toHaveLength(1);
    expect(memberEmailStore.read()).toBe(quietMember.email);
  });

  it('asks before switching, naming both members; continuing switches and drops the previous member’s reads', async () => {
    issueStoryKey(quietMember);
    const { user, queryClient } = renderPage();
    // Jordan's reads, as if his dashboard had been open in this tab before.
    const jordansReflections = [{ marker: 'Jordan' }];
    queryClient.setQueryData(queryKeyFor(api.reflections), jordansReflections);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are signed in as Jordan. Continue as Priya?' }),
    ).toHaveFocus();
    expect(requests).not.toContain(post(api.signInWithLink));

    await user.click(screen.getByRole('button', { name: 'Continue as Priya' }));
    expect(await screen.findByText('Welcome back, Priya!')).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeyFor(api.reflections))).not.toBe(jordansReflections);
    expect(screen.queryByText('Welcome back, Jordan!')).not.toBeInTheDocument();
  });

  it("'Stay as Jordan' drops the key and uses nothing", async () => {
    issueStoryKey(quietMember);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Stay as Jordan' }));
    expect(await screen.findByText('Welcome back, Jordan!')).toBeInTheDocument();
    expect(requests).not.toContain(post(api.signInWithLink));
  });

  it("opens the dashboard at once when this browser is already the key owner's, using the key to prove the address", async () => {
    issueStoryKey(demoMember);
    renderPage();
    expect(await screen.findByText('Welcome back, Jordan!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open my dashboard' })).not.toBeInTheDocument();
    // The welcome's Confirm, followed in the browser that joined, still confirms the address.
    expect(requests.filter((r) => r === post(api.signInWithLink))).toHaveLength(1);
  });

  it("shows the server's words on the e-mail entry when the key expired, was used or revoked", async () => {
    // Never issued: answered as expired, used or revoked.
    server.use(...scenarios.signedOut);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.linkExpired);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toHaveFocus());
    expect(requests).not.toContain(post(api.signInWithLink));
  });

  it('keeps a signed-in member on their dashboard, with a toast, when the key no longer works', async () => {
    renderPage();
    expect(await screen.findByText('Welcome back, Jordan!')).toBeInTheDocument();
    expect(await screen.findByText('This link no longer works')).toBeInTheDocument();
  });

  it('says so when the key was used up between the check and the button', async () => {
    server.use(...scenarios.signedOut);
    issueStoryKey(quietMember);
    const { user } = renderPage();
    const open = await screen.findByRole('button', { name: 'Open my dashboard' });
    revokeStoryKey();
    await user.click(open);
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.linkExpired);
    expect(screen.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
  });

  it('offers a retry when the check fails (the network), and the key is still there for it', async () => {
    let failures = 1;
    server.use(
      ...scenarios.signedOut,
      // A dropped connection once, then the answer.
      onRoute(api.checkSignInLink, () => (failures-- > 0 ? HttpResponse.error() : undefined)),
    );
    issueStoryKey(quietMember);
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't check your link just now.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Priya' })).toBeInTheDocument();
  });
});
