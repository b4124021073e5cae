import { api, pathFor, SIGN_IN_MESSAGES } from '@prr/contract';
import { delayed, failing, MOCK_SIGN_IN_CODE, mockDb, scenarios } from '@prr/mocks';
import { demoMember, quietMember } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAchievements, useMe, useReflectionPrompt, useReflections, useRippleEffects } from '../../api';
import { draftStore } from '../../hooks/useDraft';
import { toastStore } from '../../primitives';
import { memberEmailStore } from '../../hooks/useMemberEmail';
import { createQueryClient } from '../../providers';
import { CHOICES } from './Completion';
import { seedCompleted } from './Completion/storyData';
import { seedLevelUp } from './LevelUp/storyData';
import { renderScreen } from './testUtils';
import { DashboardPage } from './DashboardPage';
import { jordan } from './storyData';

/** Method and path of every request the page makes, in order. */
let requests: string[] = [];
const logRequest = ({ request }: { request: Request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
};
const get = (route: { path: string }) => `GET ${pathFor(route)}`;
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

/** As on the real server: this browser has no member session. */
const signedOut = () => server.use(...scenarios.signedOut);

/** The page with the address it is at, and how the router got there, beside it. */
function PageAt() {
  const location = useLocation();
  const navigation = useNavigationType();
  return (
    <>
      <DashboardPage />
      <div data-testid="location" data-navigation={navigation}>
        {location.pathname + location.search}
      </div>
    </>
  );
}

const renderPage = (route = '/dashboard') => renderScreen(<PageAt />, { route, path: '/dashboard' });

async function findEntry() {
  return screen.findByRole('heading', { level: 1, name: 'Access Your Dashboard' });
}

// The dashboard is a large tree: text and label queries find things there far faster than role
// queries, which walk the accessibility tree on every call. Rendering the whole dashboard in jsdom
// is heavy; leave room on a shared, busy machine.
describe('signing in with the e-mailed code', { timeout: 30_000 }, () => {
  it('keeps the button disabled while the field is empty and asks for no code', async () => {
    signedOut();
    const { user } = renderPage();
    await findEntry();
    const button = screen.getByRole('button', { name: 'Access Dashboard' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email address'), 'a');
    expect(button).toBeEnabled();
    await user.clear(screen.getByLabelText('Email address'));
    expect(button).toBeDisabled();
    expect(requests).toEqual([get(api.memberDashboard)]);
  });

  it("answers a whitespace-only e-mail with the 'Email required' toast and no request", async () => {
    signedOut();
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Email address'), '   ');
    await user.click(screen.getByRole('button', { name: 'Access Dashboard' }));
    expect(await screen.findByText('Email required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email to access your dashboard.')).toBeInTheDocument();
    expect(requests).toEqual([get(api.memberDashboard)]);
    expect(memberEmailStore.read()).toBeNull();
  });

  it('goes from the e-mail (trimmed, sent with Enter) to Check your e-mail, then the code opens the dashboard', async () => {
    signedOut();
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Email address'), `  ${demoMember.email}  {Enter}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toHaveFocus();
    expect(screen.getByText(demoMember.email)).toBeInTheDocument();
    expect(screen.getByText(/a 6-digit code and a sign-in link/)).toHaveTextContent('Both work for 10 minutes.');
    const code = screen.getByLabelText('Sign-in code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '6');

    await user.type(code, `${MOCK_SIGN_IN_CODE}{Enter}`);
    expect(await screen.findByText('Welcome back, Jordan!')).toBeInTheDocument();
    expect(screen.getByText(/^Signed in as/)).toHaveTextContent(
      `Signed in as ${demoMember.name} (${demoMember.email})`,
    );
    expect(memberEmailStore.read()).toBe(demoMember.email);
    expect(requests.slice(0, 3)).toEqual([get(api.memberDashboard), post(api.requestSignIn), post(api.signInWithCode)]);
    // The sign-in answered who is signed in: the page asks for the new member's first screen, not who they are.
    await waitFor(() => expect(requests.filter((r) => r === get(api.memberDashboard))).toHaveLength(2));
    expect(requests).not.toContain(get(api.me));
  });

  it('shows a wrong code under the field, tied to it, and lets the member try again', async () => {
    signedOut();
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Email address'), `${demoMember.email}{Enter}`);
    const code = await screen.findByLabelText('Sign-in code');
    await user.type(code, '000000{Enter}');
    expect(await screen.findByText(SIGN_IN_MESSAGES.wrongCode)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining(SIGN_IN_MESSAGES.wrongCode));

    await user.clear(code);
    await user.type(code, `${MOCK_SIGN_IN_CODE}{Enter}`);
    expect(await screen.findByText('Welcome back, Jordan!')).toBeInTheDocument();
  });

  it("'Send a new code' asks again and says so; 'Use a different e-mail' goes back with an empty, focused field", async () => {
    signedOut();
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Email address'), `${quietMember.email}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way.');
    expect(requests.filter((r) => r === post(api.requestSignIn))).toHaveLength(2);

    // The third e-mail in 15 minutes is the last one.
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(requests.filter((r) => r === post(api.requestSignIn))).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.tooManyForAddress);

    await user.click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    await findEntry();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(memberEmailStore.read()).toBeNull();
  });

  it("shows the server's message on the entry screen when the address had its e-mails for now (429)", async () => {
    signedOut();
    server.use(...scenarios.signInResendLimit);
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Email address'), `${demoMember.email}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.tooManyForAddress);
    expect(screen.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue(demoMember.email);
  });
});

describe('an address no member has', { timeout: 30_000 }, () => {
  it("shows Member Not Found; 'Try Different Email' goes back to an empty entry", async () => {
    signedOut();
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Email address'), 'nobody@example.com{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We couldn't find a member with this email address. Make sure you've joined the 90-Day Experiment first.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join Experiment' })).toHaveAttribute('href', '/experiment');
    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    await findEntry();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(memberEmailStore.read()).toBeNull();
    expect(requests).toEqual([get(api.memberDashboard), post(api.requestSignIn)]);
  });

  it('shows Member Not Found for any failed sign-in request, not only a 404', async () => {
    signedOut();
    server.use(failing(api.requestSignIn, 500));
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Email address'), `${demoMember.email}{Enter}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeInTheDocument();
  });
});

describe('a signed-in member', { timeout: 30_000 }, () => {
  it('never sees the e-mail form first: loading, then the dashboard', async () => {
    server.use(delayed(api.memberDashboard, 100));
    let sawEntry = false;
    const watcher = new MutationObserver(() => {
      if (document.body.textContent?.includes('Access Your Dashboard')) sawEntry = true;
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard...');
    expect(await screen.findByText('Welcome back, Jordan!')).toBeInTheDocument();
    watcher.disconnect();
    expect(sawEntry).toBe(false);
  });

  it("'Sign out' ends the session, forgets the e-mail and drafts, and returns to the entry", async () => {
    memberEmailStore.remember(demoMember.email);
    sessionStorage.setItem(draftStore.keyOf(`reflection.${jordan.id}`), JSON.stringify({ notes: 'Private words' }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    const heading = await findEntry();
    expect(heading).toHaveFocus();
    expect(screen.getByText(/^You have signed out\./)).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(memberEmailStore.read()).toBeNull();
    expect(sessionStorage.getItem(draftStore.keyOf(`reflection.${jordan.id}`))).toBeNull();
    expect(requests).toContain(post(api.signOut));
    expect(mockDb.ambientMemberId).toBeNull();
  });

  it("'Not you? Use a different e-mail' signs out too, with the field empty and focused", async () => {
    memberEmailStore.remember(demoMember.email);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Not you? Use a different e-mail' }));
    await findEntry();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(memberEmailStore.read()).toBeNull();
    expect(requests).toContain(post(api.signOut));
  });

  it('stays on the dashboard with the error toast when signing out fails', async () => {
    server.use(failing(api.signOut, 500));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Jordan!')).toBeInTheDocument();
  });

  it('is asked for the e-mail when the server ends the session (a member read answers 401)', async () => {
    server.use(failing(api.rippleEffects, 401, SIGN_IN_MESSAGES.signInNeeded));
    const { user } = renderPage();
    await user.click(await screen.findByText('Ripple Effects'));
    expect(await findEntry()).toBeInTheDocument();
  });

  it('says so, with a retry, when the server cannot tell who is signed in, and opens on the retry', async () => {
    server.use(failing(api.memberDashboard, 500));
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't open your dashboard just now.");
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Welcome back, Jordan!')).toBeInTheDocument();
    expect(requests).toEqual([get(api.memberDashboard), get(api.memberDashboard)]);
  });
});

describe('the dashboard reads', { timeout: 30_000 }, () => {
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
  }

  it("ask for the signed-in member's own data, no id in the address; the prompt waits for the day", async () => {
    const { result } = renderHook(
      () => ({
        me: useMe(),
        reflections: useReflections(),
        rippleEffects: useRippleEffects(),
        achievements: useAchievements(),
        prompt: useReflectionPrompt(undefined),
      }),
      { wrapper },
    );
    await waitFor(() => {
      for (const query of [
        result.current.me,
        result.current.reflections,
        result.current.rippleEffects,
        result.current.achievements,
      ]) {
        expect(query.isSuccess).toBe(true);
      }
    });
    expect(result.current.prompt.fetchStatus).toBe('idle');
    expect(result.current.me.data).toMatchObject({ id: jordan.id, email: demoMember.email });
    expect([...requests].sort()).toEqual(
      [get(api.me), get(api.reflections), get(api.rippleEffects), get(api.achievements)].sort(),
    );
  });

  it('answer null, not an error, for who is signed in when nobody is', async () => {
    signedOut();
    const { result } = renderHook(() => useMe(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });

  it('open the first screen with one request: the member, the prompt, the form, the invite and the story card', async () => {
    renderPage();
    expect(await screen.findByText('Save Reflection')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Jordan!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share your story' })).toBeInTheDocument();
    expect(screen.getByText('Saved today at 9:05 AM')).toBeInTheDocument();
    expect(requests).toEqual([get(api.memberDashboard)]);
  });

  it("ask for each other tab's own data when it is opened, and not for what the first answer brought", async () => {
    const { user } = renderPage();
    await screen.findByText('Save Reflection');
    await user.click(screen.getByText('Achievements'));
    await screen.findByLabelText('Earned achievements');
    await user.click(screen.getByText('Ripple Effects'));
    await screen.findByLabelText('Weekly impact');
    await user.click(screen.getByText('Progress Tracking'));
    await screen.findByRole('heading', { name: 'History' });
    await waitFor(() =>
      expect(requests).toEqual([get(api.memberDashboard), get(api.rippleEffects), get(api.reflections)]),
    );
  });
});

describe('a level reached since the last visit', { timeout: 30_000 }, () => {
  it('is celebrated once: the toast, the new level card and one acknowledgement; the next load shows nothing', async () => {
    seedLevelUp('Agent', 60, 'Explorer');
    const first = renderPage();
    expect(await screen.findByText('You are now an Agent')).toBeInTheDocument();
    const celebration = screen.getByRole('region', { name: 'Congratulations, Jordan!' });
    expect(within(celebration).getByRole('list', { name: 'Your new level' })).toHaveTextContent('Agent');
    await waitFor(() => expect(requests.filter((r) => r === post(api.levelUpSeen))).toHaveLength(1));
    // The answer replaced the member read: no GET /api/me, and the card stays until dismissed.
    expect(requests).not.toContain(get(api.me));
    expect(screen.getByRole('region', { name: 'Congratulations, Jordan!' })).toBeInTheDocument();
    first.unmount();
    act(() => toastStore.reset());

    renderPage();
    expect(await screen.findByText('Welcome back, Jordan!')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Congratulations, Jordan!' })).not.toBeInTheDocument();
    expect(screen.queryByText('You are now an Agent')).not.toBeInTheDocument();
    expect(requests.filter((r) => r === post(api.levelUpSeen))).toHaveLength(1);
  });
});

describe('from day 91', { timeout: 30_000 }, () => {
  it("shows the completion screen in the daily form's place; the choice is saved and the other tabs stay", async () => {
    seedCompleted();
    const { user } = renderPage();
    expect(await screen.findByText('You completed your 90-day journey')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Your 90 Days' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: "Today's Reflection" })).not.toBeInTheDocument();
    expect(screen.queryByText('Save Reflection')).not.toBeInTheDocument();

    await user.click(screen.getByText(CHOICES.stop.label));
    expect(await screen.findByText(CHOICES.stop.chosen)).toBeInTheDocument();
    expect(requests).toContain(`PATCH ${pathFor(api.chooseAfterExperiment)}`);
    expect(mockDb.members.find((m) => m.id === jordan.id)).toMatchObject({
      afterExperiment: 'stop',
      emailReminders: false,
    });

    await user.click(screen.getByText('Settings'));
    expect(await screen.findByRole('switch', { name: 'Daily email reminders' })).not.toBeChecked();
  });
});
