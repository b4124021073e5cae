import { api } from '@prr/contract';
import { delayed, failing } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
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

async function fillIn(canvas: Canvas, userEvent: User) {
  await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Ana Ruiz');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ana.ruiz@example.org');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Zip code' }), '78205');
}

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
