import { INVITE_PARAM, api } from '@prr/contract';
import { fieldError } from '@prr/domain';
import { delayed, failing, handle } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, waitFor, type userEvent as UserEvent, type within } from 'storybook/test';
import { paths } from '../../config';
import { memberEmailStore } from '../../hooks/useMemberEmail';
import { reportingTimezone } from '../../test/browserTimezone';
import { RequestBodies } from '../../test/requestBodies';
import { ExperimentPage } from './ExperimentPage';

const meta = {
  title: 'Pages/Experiment',
  component: ExperimentPage,
  parameters: { route: paths.experiment },
  beforeEach() {
    memberEmailStore.forget();
    return () => memberEmailStore.forget();
  },
} satisfies Meta<typeof ExperimentPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type User = Pick<typeof UserEvent, 'click' | 'type'>;

const newcomer = { name: 'Maya Chen', email: 'maya.chen@example.com', zipCode: '97214' };

/** The join bodies a story's form sent; the default handler still answers them. */
const sent = new RequestBodies(api.joinMovement);

async function fillStepOne(canvas: Canvas, user: User, values: { name?: string; email?: string } = newcomer) {
  if (values.name) await user.type(canvas.getByLabelText('Your name'), values.name);
  if (values.email) await user.type(canvas.getByLabelText('Email address'), values.email);
  await user.click(canvas.getByRole('button', { name: 'Continue' }));
}

async function reachStepThree(canvas: Canvas, user: User, values: Partial<typeof newcomer> = newcomer) {
  await fillStepOne(canvas, user, values);
  await canvas.findByText('Step 2 of 3');
  if (values.zipCode) await user.type(canvas.getByLabelText('Zip code'), values.zipCode);
  await user.click(canvas.getByRole('button', { name: 'Continue' }));
  await canvas.findByText('Step 3 of 3');
}

/** Step 1: name and e-mail; Previous is disabled. */
export const StepOne: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Join the 90-Day Experiment' })).toBeInTheDocument();
    await expect(canvas.getByText('Step 1 of 3')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Your name')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
  },
};

/** Continue without a name or an e-mail: the step's toast, and the form stays on step 1. */
export const StepOneIncomplete: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillStepOne(canvas, userEvent, { name: 'Maya Chen' });
    await expect(await canvas.findByText('Please complete this step')).toBeInTheDocument();
    await expect(canvas.getByText('Name and email are required to continue.')).toBeInTheDocument();
    await expect(canvas.getByText('Step 1 of 3')).toBeInTheDocument();
  },
};

/** Step 2: the zip code; Previous goes back with everything kept. */
export const StepTwo: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillStepOne(canvas, userEvent);
    await expect(await canvas.findByText('Step 2 of 3')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 2, name: /Where you are/ })).toHaveFocus();
    await expect(canvas.getByLabelText('Zip code')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(canvas.getByText('Step 1 of 3')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Your name')).toHaveValue(newcomer.name);
  },
};

/** Step 3: hopes and the two checkboxes (tracking off, updates on by default). */
export const StepThree: Story = {
  play: async ({ canvas, userEvent }) => {
    await reachStepThree(canvas, userEvent);
    await expect(canvas.getByLabelText('What do you hope will change in the next 90 days?')).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'Track my progress with a personal ID' })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Send me updates and special offers' })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Join the Experiment' })).toBeEnabled();
  },
};

/** The zip code was skipped: 'Missing Information', nothing is sent. */
export const MissingInformation: Story = {
  play: async ({ canvas, userEvent }) => {
    await reachStepThree(canvas, userEvent, { name: newcomer.name, email: newcomer.email });
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Experiment' }));
    await expect(await canvas.findByText('Missing Information')).toBeInTheDocument();
    await expect(canvas.getByText('Please fill in all required fields.')).toBeInTheDocument();
    await expect(canvas.getByText('Step 3 of 3')).toBeInTheDocument();
  },
};

/** While the sign-up is on its way. */
export const Joining: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.joinMovement, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await reachStepThree(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Experiment' }));
    await expect(await canvas.findByRole('button', { name: 'Joining...' })).toBeDisabled();
  },
};

/** Joined: the toast, the welcome screen with the link to the dashboard, and the e-mail remembered. */
export const Welcome: Story = {
  play: async ({ canvas, userEvent }) => {
    await reachStepThree(canvas, userEvent);
    await userEvent.type(canvas.getByLabelText('What do you hope will change in the next 90 days?'), 'Calmer dinners.');
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Experiment' }));
    await expect(await canvas.findByText('Welcome to the Experiment! 🎉')).toBeInTheDocument();
    await expect(canvas.getByText('Check your email for your first daily reflection.')).toBeInTheDocument();
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Welcome to the Experiment, Maya!' }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(/arrives in your inbox/)).toHaveTextContent('within the hour');
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', paths.dashboard);
    await waitFor(() => expect(memberEmailStore.read()).toBe(newcomer.email));
  },
};

/** The server failed: the error toast, and the form keeps what was typed. */
export const Failure: Story = {
  beforeEach({ msw }) {
    // The failure comes a moment later, as over a network, so the button always shows its pending
    // state first: an instant answer sometimes came before React disabled the button, and the
    // picture kept its focus ring or not depending on that race.
    msw.use(failing(api.joinMovement, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await reachStepThree(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Experiment' }));
    await expect(await canvas.findByText('Something went wrong')).toBeInTheDocument();
    await expect(canvas.getByText('Please try again or contact us for help.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Join the Experiment' })).toBeEnabled();
  },
};

/**
 * A malformed e-mail is caught on step 1, by the server's own rule: the message under the field,
 * which keeps focus; the form stays on step 1 and nothing is sent.
 */
export const MalformedEmail: Story = {
  beforeEach({ msw }) {
    msw.use(sent.start());
  },
  play: async ({ canvas, userEvent }) => {
    await fillStepOne(canvas, userEvent, { ...newcomer, email: 'maya-at-example' });
    const email = canvas.getByLabelText('Email address');
    await expect(await canvas.findByText('Invalid email address')).toBeInTheDocument();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(expect.stringContaining('Invalid email address'));
    await expect(email).toHaveFocus();
    await expect(canvas.getByText('Step 1 of 3')).toBeInTheDocument();
    await expect(sent.bodies).toEqual([]);
    await expect(memberEmailStore.read()).toBeNull();
  },
};

/** The server refuses the e-mail at the last step: back to step 1, the message under the field, focused. */
export const ServerEmailMessage: Story = {
  beforeEach({ msw }) {
    msw.use(
      delayed(api.joinMovement),
      handle(api.joinMovement, () => {
        throw fieldError('email', 'We cannot deliver to this address');
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await reachStepThree(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Experiment' }));
    await expect(await canvas.findByText('We cannot deliver to this address')).toBeInTheDocument();
    await expect(canvas.getByText('Step 1 of 3')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByLabelText('Email address')).toHaveFocus());
    await expect(canvas.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByText('Something went wrong')).toBeNull();
  },
};

/** A ZIP code longer than the server's ten characters: back to step 2 with the server's words. */
export const ServerZipMessage: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.joinMovement));
  },
  play: async ({ canvas, userEvent }) => {
    await reachStepThree(canvas, userEvent, { ...newcomer, zipCode: '97214-123456' });
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Experiment' }));
    await expect(await canvas.findByText('Zip code must be at most 10 characters')).toBeInTheDocument();
    await expect(canvas.getByText('Step 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByLabelText('Zip code')).toHaveFocus());
    await expect(canvas.getByLabelText('Zip code')).toHaveAttribute('aria-invalid', 'true');
    await expect(memberEmailStore.read()).toBeNull();
  },
};

/** In Los Angeles, through a member's invite link: the join sends the time zone and the invite code. */
export const TimezoneAndInvite: Story = {
  parameters: { visual: { disable: true }, route: `${paths.experiment}?${INVITE_PARAM}=k3y-42` },
  beforeEach({ msw }) {
    const zone = spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(
      reportingTimezone('America/Los_Angeles'),
    );
    msw.use(sent.start(), delayed(api.joinMovement));
    return () => zone.mockRestore();
  },
  play: async ({ canvas, userEvent }) => {
    await reachStepThree(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Experiment' }));
    await expect(await canvas.findByText('Welcome to the Experiment! 🎉')).toBeInTheDocument();
    await expect(sent.bodies).toEqual([{ ...newcomer, timezone: 'America/Los_Angeles', invite: 'k3y-42' }]);
  },
};

/** One column: the form comes first and 'What to expect' follows it. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Join the 90-Day Experiment' })).toBeInTheDocument();
    await expect(canvas.getByText('Step 1 of 3')).toBeInTheDocument();
    const expectations = canvas.getByRole('heading', { level: 2, name: 'What to expect' });
    const next = canvas.getByRole('button', { name: 'Continue' });
    await expect(expectations.getBoundingClientRect().top).toBeGreaterThanOrEqual(next.getBoundingClientRect().bottom);
  },
};
