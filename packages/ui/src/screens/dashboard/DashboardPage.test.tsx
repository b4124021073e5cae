import { api, pathFor } from '@prr/contract';
import { delayed, failing } from '@prr/mocks';
import { demoMember } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAchievements, useDashboardMember, useReflectionPrompt, useReflections, useRippleEffects } from '../../api';
import { memberEmailStore } from '../../hooks/useMemberEmail';
import { createQueryClient } from '../../providers';
import { renderScreen } from './testUtils';
import { DashboardPage } from './DashboardPage';
import { jordan } from './storyData';

/** Paths of every request the page makes, in order. */
let requests: string[] = [];
const logRequest = ({ request }: { request: Request }) => {
  requests.push(new URL(request.url).pathname);
};

beforeEach(() => {
  requests = [];
  server.events.on('request:start', logRequest);
  memberEmailStore.forget();
});

afterEach(() => {
  server.events.removeListener('request:start', logRequest);
  memberEmailStore.forget();
});

// The dashboard is a large tree: text and label queries find things there far faster than role
// queries, which walk the accessibility tree on every call.
const memberPath = pathFor(api.dashboardMember, { email: demoMember.email });

// Rendering the whole dashboard in jsdom is heavy; leave room on a shared, busy machine.
describe('email entry', { timeout: 30_000 }, () => {
  it('keeps the button disabled while the field is empty and makes no request', async () => {
    const { user } = renderScreen(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Access Dashboard' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email address'), 'a');
    expect(button).toBeEnabled();
    await user.clear(screen.getByLabelText('Email address'));
    expect(button).toBeDisabled();
    expect(requests).toEqual([]);
  });

  it("answers a whitespace-only e-mail with the 'Email required' toast and no request", async () => {
    const { user } = renderScreen(<DashboardPage />);
    await user.type(screen.getByLabelText('Email address'), '   ');
    await user.click(screen.getByRole('button', { name: 'Access Dashboard' }));
    expect(await screen.findByText('Email required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email to access your dashboard.')).toBeInTheDocument();
    expect(requests).toEqual([]);
    expect(memberEmailStore.read()).toBeNull();
  });

  it('submits with Enter, trims the e-mail, then shows the dashboard', async () => {
    const { user } = renderScreen(<DashboardPage />);
    await user.type(screen.getByLabelText('Email address'), `  ${demoMember.email}  {Enter}`);
    expect(await screen.findByText('Welcome back, Jordan!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(requests[0]).toBe(memberPath);
    expect(memberEmailStore.read()).toBe(demoMember.email);
  });
});

describe('the kept e-mail', { timeout: 30_000 }, () => {
  it('opens the dashboard directly after a reload', async () => {
    const first = renderScreen(<DashboardPage />);
    await first.user.type(screen.getByLabelText('Email address'), `${demoMember.email}{Enter}`);
    await screen.findByText('Welcome back, Jordan!', {}, { timeout: 5000 });
    first.unmount();

    renderScreen(<DashboardPage />);
    expect(screen.queryByRole('heading', { name: 'Access Your Dashboard' })).not.toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Jordan!', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("shows Member Not Found for an unknown e-mail; 'Try Different Email' forgets it", async () => {
    memberEmailStore.remember('nobody@example.com');
    const { user } = renderScreen(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join Experiment' })).toHaveAttribute('href', '/experiment');
    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
    expect(memberEmailStore.read()).toBeNull();
    // Only the failed lookup was made: no member, no member reads.
    expect(requests).toEqual([pathFor(api.dashboardMember, { email: 'nobody@example.com' })]);
  });

  it('shows Member Not Found for any failed lookup, not only a 404', async () => {
    server.use(failing(api.dashboardMember, 500));
    memberEmailStore.remember(demoMember.email);
    renderScreen(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeInTheDocument();
  });
});

describe('the five dashboard reads', { timeout: 30_000 }, () => {
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
  }

  it('do not fire while their key is missing', async () => {
    const { result } = renderHook(
      () => ({
        member: useDashboardMember(undefined),
        reflections: useReflections(undefined),
        rippleEffects: useRippleEffects(undefined),
        achievements: useAchievements(undefined),
        prompt: useReflectionPrompt(undefined),
      }),
      { wrapper },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const query of Object.values(result.current)) expect(query.fetchStatus).toBe('idle');
    expect(requests).toEqual([]);
  });

  it('fire with their key once it exists', async () => {
    const { result } = renderHook(
      () => ({
        member: useDashboardMember(demoMember.email),
        reflections: useReflections(jordan.id),
        rippleEffects: useRippleEffects(jordan.id),
        achievements: useAchievements(jordan.id),
        prompt: useReflectionPrompt(jordan),
      }),
      { wrapper },
    );
    await waitFor(() => {
      for (const query of Object.values(result.current)) expect(query.isSuccess).toBe(true);
    });
    expect([...requests].sort()).toEqual(
      [
        memberPath,
        pathFor(api.reflections, { memberId: jordan.id }),
        pathFor(api.rippleEffects, { memberId: jordan.id }),
        pathFor(api.achievements, { memberId: jordan.id }),
        pathFor(api.reflectionPrompt, { day: jordan.currentDay }),
      ].sort(),
    );
  });

  it('wait for the member on the page: nothing keyed by the member is asked before it arrives', async () => {
    server.use(delayed(api.dashboardMember, 'infinite'));
    memberEmailStore.remember(demoMember.email);
    renderScreen(<DashboardPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard...');
    await waitFor(() => expect(requests).toEqual([memberPath]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([memberPath]);
  });

  it("ask for each tab's data with the member's id and day, when the tab is opened", async () => {
    memberEmailStore.remember(demoMember.email);
    const { user } = renderScreen(<DashboardPage />);
    await screen.findByText('Save Reflection', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(requests).toEqual(
        expect.arrayContaining([
          memberPath,
          pathFor(api.reflections, { memberId: jordan.id }),
          pathFor(api.reflectionPrompt, { day: jordan.currentDay }),
        ]),
      ),
    );
    expect(requests).not.toContain(pathFor(api.achievements, { memberId: jordan.id }));
    expect(requests).not.toContain(pathFor(api.rippleEffects, { memberId: jordan.id }));

    await user.click(screen.getByText('Achievements'));
    await screen.findByLabelText('Earned achievements', {}, { timeout: 5000 });
    await user.click(screen.getByText('Ripple Effects'));
    await screen.findByLabelText('Weekly impact', {}, { timeout: 5000 });
    expect(requests).toContain(pathFor(api.achievements, { memberId: jordan.id }));
    expect(requests).toContain(pathFor(api.rippleEffects, { memberId: jordan.id }));
  });
});
