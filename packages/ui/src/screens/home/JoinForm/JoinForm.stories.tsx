import { INVITE_PARAM, api, type JoinRequest } from '@prr/contract';
import { delayed, failing } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, waitFor } from 'storybook/test';
import { reportingTimezone } from '../../../test/browserTimezone';
import { RequestBodies } from '../../../test/requestBodies';
import { JoinForm } from './JoinForm';

const meta = {
  title: 'Home/JoinForm',
  component: JoinForm,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof JoinForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type User = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

const ana = { name: 'Ana Ruiz', email: 'ana.ruiz@example.org', zipCode: '78205' };

async function fillIn(canvas: Canvas, userEvent: User, values: Pick<JoinRequest, 'name' | 'email' | 'zipCode'> = ana) {
  await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), values.name);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), values.email);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Zip code' }), values.zipCode);
}

/** The join bodies a story's form sent; the default handler still answers them. */
const sent = new RequestBodies(api.joinMovement);

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Join the Movement' })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    for (const name of ['Name', 'Email', 'Zip code']) {
      await expect(canvas.getByRole('textbox', { name })).toBeRequired();
    }
  },
};

/** Submitting with an empty field shows the destructive 'Missing Information' toast. */
export const ValidationToast: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Ana Ruiz');
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Movement' }));
    await expect(await canvas.findByText('Missing Information')).toBeInTheDocument();
    await expect(canvas.getByText('Please fill in all fields.')).toBeInTheDocument();
  },
};

/** While the request is on its way the button reads 'JOINING...' and is disabled. */
export const Pending: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.joinMovement, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Movement' }));
    await expect(await canvas.findByRole('button', { name: 'JOINING...' })).toBeDisabled();
  },
};

/** Success: the welcome toast, and the form is cleared. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Movement' }));
    await expect(await canvas.findByText('Welcome to the movement!')).toBeInTheDocument();
    await expect(
      canvas.getByText('Thank you for joining us in fighting polarization and division.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue(''));
    await expect(canvas.getByRole('textbox', { name: 'Zip code' })).toHaveValue('');
  },
};

/** The server fails: the destructive 'Error' toast; the entries stay for another try. */
export const ErrorToast: Story = {
  name: 'Error',
  beforeEach({ msw }) {
    msw.use(failing(api.joinMovement, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Movement' }));
    await expect(
      await canvas.findByText('There was a problem joining the movement. Please try again.'),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Ana Ruiz');
  },
};

/** One column: the form comes below the pitch. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { name: 'Join the Movement' });
    const form = canvas.getByRole('form', { name: 'Join the Movement' });
    await expect(form.getBoundingClientRect().top).toBeGreaterThanOrEqual(heading.getBoundingClientRect().bottom);
    await expect(canvas.getByRole('button', { name: 'Join the Movement' })).toBeEnabled();
  },
};

/** The server refuses the e-mail: its message goes under the field, which takes focus; no Error toast. */
export const ServerEmailMessage: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.joinMovement));
  },
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent, { ...ana, email: 'ana-at-example' });
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Movement' }));
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await expect(await canvas.findByText('Invalid email address')).toBeInTheDocument();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Invalid email address');
    await waitFor(() => expect(email).toHaveFocus());
    await expect(canvas.queryByText('There was a problem joining the movement. Please try again.')).toBeNull();
  },
};

/** A ZIP code longer than the server's ten characters: the server's words under the field. */
export const ServerZipMessage: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.joinMovement));
  },
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent, { ...ana, zipCode: '78205-123456' });
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Movement' }));
    const zip = canvas.getByRole('textbox', { name: 'Zip code' });
    await expect(await canvas.findByText('Zip code must be at most 10 characters')).toBeInTheDocument();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(zip).toHaveFocus());
    await expect(canvas.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid');
  },
};

/**
 * Opened from a member's invite link in London: the join sends the browser's time zone (one of the
 * ten offered) and the link's invite code.
 */
export const TimezoneAndInvite: Story = {
  parameters: { visual: { disable: true }, route: `/?${INVITE_PARAM}=k3y-42` },
  beforeEach({ msw }) {
    const zone = spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(
      reportingTimezone('Europe/London'),
    );
    msw.use(sent.start(), delayed(api.joinMovement));
    return () => zone.mockRestore();
  },
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Join the Movement' }));
    await expect(await canvas.findByText('Welcome to the movement!')).toBeInTheDocument();
    await expect(sent.bodies).toEqual([{ ...ana, timezone: 'Europe/London', invite: 'k3y-42' }]);
  },
};
