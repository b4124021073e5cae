import { INVITE_PARAM, SIGN_IN_MESSAGES, api, type JoinRequest } from '@prr/contract';
import { invalidInput } from '@prr/domain';
import { failing, handle, held } from '@prr/mocks';
import { server } from '@prr/mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test';
import { reportingTimezone } from '../../../test/browserTimezone';
import { JoinForm } from './JoinForm';

/** Records each join request's body while the default handler answers it. */
function recordJoinRequests() {
  const bodies: JoinRequest[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === api.joinMovement.path) {
      bodies.push((await request.clone().json()) as JoinRequest);
    }
  });
  return bodies;
}

const field = (name: string) => screen.getByRole('textbox', { name });

async function fillIn(user: ReturnType<typeof renderWithProviders>['user'], values: Partial<JoinRequest>) {
  if (values.name) await user.type(field('Name'), values.name);
  if (values.email) await user.type(field('Email'), values.email);
  if (values.zipCode) await user.type(field('Zip code'), values.zipCode);
}

const browserZone = (timeZone: string) =>
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(reportingTimezone(timeZone));

const ana = { name: 'Ana Ruiz', email: 'ana@example.org', zipCode: '78205' };

describe('JoinForm', () => {
  // A zone that is not offered, so nothing is added to the bodies unless a test says so.
  beforeEach(() => {
    browserZone('Etc/UTC');
  });
  afterEach(() => {
    server.events.removeAllListeners();
    vi.restoreAllMocks();
  });

  it('has required name, email (type email) and zip code fields', () => {
    renderWithProviders(<JoinForm />);
    expect(field('Name')).toBeRequired();
    expect(field('Email')).toBeRequired();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Zip code')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Join the Movement' })).toBeEnabled();
    expect(document.getElementById('join')).toContainElement(field('Name'));
  });

  it.each([
    ['everything', {}],
    ['the zip code', { name: 'Ana Ruiz', email: 'ana@example.org' }],
    ['the name', { email: 'ana@example.org', zipCode: '78205' }],
    ['the email', { name: 'Ana Ruiz', zipCode: '78205' }],
  ])('shows Missing Information without a request when %s is empty', async (_missing, values) => {
    const requests = recordJoinRequests();
    const { user } = renderWithProviders(<JoinForm />);
    await fillIn(user, values);
    await user.click(screen.getByRole('button', { name: 'Join the Movement' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all fields.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('treats a field of spaces as empty', async () => {
    const { user } = renderWithProviders(<JoinForm />);
    await fillIn(user, { name: '   ', email: 'ana@example.org', zipCode: '78205' });
    await user.click(screen.getByRole('button', { name: 'Join the Movement' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
  });

  it('sends the three fields, reads JOINING... while pending, welcomes the visitor and clears the form', async () => {
    const requests = recordJoinRequests();
    const join = held(api.joinMovement);
    server.use(join.handler);
    const { user, queryClient } = renderWithProviders(<JoinForm />);
    // A cached stats read stands in for the map and join copy that show the movement's total.
    await queryClient.prefetchQuery({
      queryKey: [api.movementStats.path],
      queryFn: () => ({ goal: 50_000, total: 1 }),
    });

    await fillIn(user, { name: 'Ana Ruiz', email: 'ana@example.org', zipCode: '78205' });
    await user.click(screen.getByRole('button', { name: 'Join the Movement' }));

    const pending = await screen.findByRole('button', { name: 'JOINING...' });
    expect(pending).toBeDisabled();
    join.release();

    expect(await screen.findByText('Welcome to the movement!')).toBeInTheDocument();
    expect(screen.getByText('Thank you for joining us in fighting polarization and division.')).toBeInTheDocument();
    expect(requests).toEqual([{ name: 'Ana Ruiz', email: 'ana@example.org', zipCode: '78205' }]);
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(field('Email')).toHaveValue('');
    expect(field('Zip code')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Join the Movement' })).toBeEnabled();
    expect(queryClient.getQueryState([api.movementStats.path])?.isInvalidated).toBe(true);
  });

  it('shows the Error toast and keeps the entries when joining fails', async () => {
    server.use(failing(api.joinMovement, 500));
    const { user } = renderWithProviders(<JoinForm />);
    await fillIn(user, { name: 'Ana Ruiz', email: 'ana@example.org', zipCode: '78205' });
    await user.click(screen.getByRole('button', { name: 'Join the Movement' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('There was a problem joining the movement. Please try again.')).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Ana Ruiz');
    expect(screen.getByRole('button', { name: 'Join the Movement' })).toBeEnabled();
  });

  it("says which limit a 429 hit and how long to wait, in the server's words", async () => {
    server.use(failing(api.joinMovement, 429, SIGN_IN_MESSAGES.tooManyForAddress));
    const { user } = renderWithProviders(<JoinForm />);
    await fillIn(user, { name: 'Ana Ruiz', email: 'ana@example.org', zipCode: '78205' });
    await user.click(screen.getByRole('button', { name: 'Join the Movement' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(SIGN_IN_MESSAGES.tooManyForAddress)).toBeInTheDocument();
  });

  it("shows the server's e-mail message under the field, focused, without the Error toast", async () => {
    const requests = recordJoinRequests();
    const { user } = renderWithProviders(<JoinForm />);
    await fillIn(user, { ...ana, email: 'ana-at-example' });
    await user.click(screen.getByRole('button', { name: 'Join the Movement' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(field('Email')).toHaveFocus();
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('There was a problem joining the movement. Please try again.')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    // The entries stay; typing clears the message.
    expect(field('Zip code')).toHaveValue(ana.zipCode);
    await user.type(field('Email'), '.org');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('puts each field message under its field and focuses the first in the form', async () => {
    server.use(
      handle(api.joinMovement, () => {
        throw invalidInput('body', {
          zipCode: ['Zip code must be at most 10 characters'],
          email: ['We cannot deliver to this address', 'A second message is not shown'],
        });
      }),
    );
    const { user } = renderWithProviders(<JoinForm />);
    await fillIn(user, ana);
    await user.click(screen.getByRole('button', { name: 'Join the Movement' }));
    expect(await screen.findByText('Zip code must be at most 10 characters')).toBeInTheDocument();
    expect(field('Zip code')).toHaveAccessibleDescription('Zip code must be at most 10 characters');
    expect(field('Email')).toHaveAccessibleDescription('We cannot deliver to this address');
    expect(screen.queryByText('A second message is not shown')).not.toBeInTheDocument();
    expect(field('Email')).toHaveFocus();
  });

  it('shows the real ZIP code rule of the contract: at most 10 characters', async () => {
    const { user } = renderWithProviders(<JoinForm />);
    await fillIn(user, { ...ana, zipCode: '78205-123456' });
    await user.click(screen.getByRole('button', { name: 'Join the Movement' }));
    expect(await screen.findByText('Zip code must be at most 10 characters')).toBeInTheDocument();
    expect(field('Zip code')).toHaveAttribute('aria-invalid', 'true');
  });

  it("sends the browser's time zone when offered, and the page's invite code", async () => {
    browserZone('Europe/London');
    const requests = recordJoinRequests();
    const { user } = renderWithProviders(<JoinForm />, { route: `/?${INVITE_PARAM}=k3y-42` });
    await fillIn(user, ana);
    await user.click(screen.getByRole('button', { name: 'Join the Movement' }));
    expect(await screen.findByText('Welcome to the movement!')).toBeInTheDocument();
    expect(requests).toEqual([{ ...ana, timezone: 'Europe/London', invite: 'k3y-42' }]);
  });
});
