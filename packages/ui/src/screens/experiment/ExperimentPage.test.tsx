import { INVITE_PARAM, SIGN_IN_MESSAGES, api } from '@prr/contract';
import { fieldError } from '@prr/domain';
import { failing, handle, onRoute } from '@prr/mocks';
import { server } from '@prr/mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config';
import { memberEmailStore } from '../../hooks/useMemberEmail';
import { reportingTimezone } from '../../test/browserTimezone';
import { renderScreen, type ScreenUser } from '../dashboard/testUtils';
import { ExperimentPage } from './ExperimentPage';

type User = ScreenUser;

/** Every join request body the page sends; the default handler still answers. */
function captureJoinBodies() {
  const bodies: unknown[] = [];
  server.use(
    onRoute(api.joinMovement, async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

/** Pasted rather than typed key by key: the same change events, far less time in jsdom. */
async function write(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillAll(user: User, values: { name?: string; email?: string; zipCode?: string }) {
  if (values.name) await write(user, 'Your name', values.name);
  if (values.email) await write(user, 'Email address', values.email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByText('Step 2 of 3');
  if (values.zipCode) await write(user, 'Zip code', values.zipCode);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByText('Step 3 of 3');
}

const maya = { name: 'Maya Chen', email: 'maya.chen@example.com', zipCode: '97214' };

/** The browser's time zone as Intl reports it. */
const browserZone = (timeZone: string) =>
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(reportingTimezone(timeZone));

/** The message under a field, as assistive technology finds it: the field is invalid and described by it. */
function expectFieldError(label: string, message: string) {
  const input = screen.getByLabelText(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(screen.getByText(message)).toBeInTheDocument();
}

describe('ExperimentPage', () => {
  beforeEach(() => {
    memberEmailStore.forget();
    // A zone that is not offered, so nothing is added to the bodies unless a test says so.
    browserZone('Etc/UTC');
  });
  afterEach(() => vi.restoreAllMocks());

  it('disables Previous on step 1 and blocks Continue without a name and an e-mail', async () => {
    const bodies = captureJoinBodies();
    const { user } = renderScreen(<ExperimentPage />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await write(user, 'Email address', maya.email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please complete this step')).toBeInTheDocument();
    expect(screen.getByText('Name and email are required to continue.')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();

    // Spaces are not a name.
    await user.type(screen.getByLabelText('Your name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('Enter in a step-1 field continues like the button', async () => {
    const { user } = renderScreen(<ExperimentPage />);
    await write(user, 'Your name', maya.name);
    await write(user, 'Email address', maya.email);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
  });

  it("answers 'Missing Information' on submit without a zip code and sends nothing", async () => {
    const bodies = captureJoinBodies();
    const { user } = renderScreen(<ExperimentPage />);
    await fillAll(user, { name: maya.name, email: maya.email });
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('sends only name, email and zipCode, trimmed, however the rest of the form is filled', async () => {
    const bodies = captureJoinBodies();
    const { user } = renderScreen(<ExperimentPage />);
    await fillAll(user, { name: ` ${maya.name} `, email: `${maya.email} `, zipCode: maya.zipCode });
    await write(user, 'What do you hope will change in the next 90 days?', 'Calmer dinners');
    await user.click(screen.getByRole('checkbox', { name: 'Track my progress with a personal ID' }));
    await user.click(screen.getByRole('checkbox', { name: 'Send me updates and special offers' }));
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));

    expect(await screen.findByText('Welcome to the Experiment! 🎉')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: maya.name, email: maya.email, zipCode: maya.zipCode }]);
  });

  it('shows the welcome screen with the dashboard link and remembers the e-mail for the session', async () => {
    const { user } = renderScreen(<ExperimentPage />);
    await fillAll(user, maya);
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(await screen.findByText('Check your email for your first daily reflection.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome to the Experiment, Maya!' })).toHaveFocus();
    expect(screen.getByText(/arrives in your inbox/)).toHaveTextContent('within the hour');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(memberEmailStore.read()).toBe(maya.email);
  });

  it("reads 'Joining...' and is disabled while the request is pending", async () => {
    server.use(
      onRoute(api.joinMovement, async () => {
        await delay('infinite');
      }),
    );
    const { user } = renderScreen(<ExperimentPage />);
    await fillAll(user, maya);
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
  });

  it("says which limit a 429 hit and how long to wait, in the server's words", async () => {
    server.use(failing(api.joinMovement, 429, SIGN_IN_MESSAGES.tooManyFromNetwork));
    const { user } = renderScreen(<ExperimentPage />);
    await fillAll(user, maya);
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText(SIGN_IN_MESSAGES.tooManyFromNetwork)).toBeInTheDocument();
  });

  it('shows the error toast when the server fails, and keeps the form', async () => {
    server.use(failing(api.joinMovement, 500));
    const { user } = renderScreen(<ExperimentPage />);
    await fillAll(user, maya);
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Please try again or contact us for help.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the Experiment' })).toBeEnabled();
    expect(memberEmailStore.read()).toBeNull();
  });

  it("catches a malformed e-mail on step 1 with the server's rule, under the field", async () => {
    const bodies = captureJoinBodies();
    const { user } = renderScreen(<ExperimentPage />);
    await write(user, 'Your name', maya.name);
    await write(user, 'Email address', 'maya-at-example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expectFieldError('Email address', 'Invalid email address');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.queryByText('Please complete this step')).not.toBeInTheDocument();

    // Correcting it clears the message, and Continue goes on.
    await user.clear(screen.getByLabelText('Email address'));
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).not.toHaveAttribute('aria-invalid');
    await write(user, 'Email address', maya.email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it("shows the server's ZIP code message on step 2, focused, without the error toast", async () => {
    const { user } = renderScreen(<ExperimentPage />);
    // Twelve characters: the contract's JoinRequest allows ten.
    await fillAll(user, { ...maya, zipCode: '97214-123456' });
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Zip code')).toHaveFocus());
    expectFieldError('Zip code', 'Zip code must be at most 10 characters');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(memberEmailStore.read()).toBeNull();
  });

  it("goes back to step 1 for the server's e-mail message", async () => {
    server.use(
      handle(api.joinMovement, () => {
        throw fieldError('email', 'We cannot deliver to this address');
      }),
    );
    const { user } = renderScreen(<ExperimentPage />);
    await fillAll(user, maya);
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveFocus());
    expectFieldError('Email address', 'We cannot deliver to this address');
    expect(screen.getByLabelText('Your name')).not.toHaveAttribute('aria-invalid');
  });

  it("sends the browser's time zone when it is one of the ten offered", async () => {
    browserZone('America/Los_Angeles');
    const bodies = captureJoinBodies();
    const { user } = renderScreen(<ExperimentPage />);
    await fillAll(user, maya);
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(await screen.findByText('Welcome to the Experiment! 🎉')).toBeInTheDocument();
    expect(bodies).toEqual([{ ...maya, timezone: 'America/Los_Angeles' }]);
  });

  it("sends the invite code of the page's address", async () => {
    const bodies = captureJoinBodies();
    const { user } = renderScreen(<ExperimentPage />, { route: `${paths.experiment}?${INVITE_PARAM}=k3y-42` });
    await fillAll(user, maya);
    await user.click(screen.getByRole('button', { name: 'Join the Experiment' }));
    expect(await screen.findByText('Welcome to the Experiment! 🎉')).toBeInTheDocument();
    expect(bodies).toEqual([{ ...maya, invite: 'k3y-42' }]);
  });
});
