import { api } from '@prr/contract';
import { MOCK_RECOVERY_CODES, delayed, failing, scenarios } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { RecoveryCodesButton } from './RecoveryCodesDialog';

/** The admin header's button and the dialog that makes new recovery codes. */
const meta = {
  title: 'Admin/Recovery Codes',
  component: RecoveryCodesButton,
  decorators: [
    (Story) => (
      <div style={{ padding: '1.5rem' }}>
        <Story />
      </div>
    ),
  ],
  beforeEach({ msw }) {
    msw.use(...scenarios.adminSignedIn);
  },
} satisfies Meta<typeof RecoveryCodesButton>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

async function openDialog({ canvas, canvasElement, userEvent }: Context) {
  await userEvent.click(canvas.getByRole('button', { name: 'Recovery Codes' }));
  // Radix portals the dialog to the body, outside the story's root.
  return within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'New recovery codes' }));
}

/** Asks first; the new codes show once, and Done waits for "I have saved these codes". */
export const Default: Story = {
  play: async (context) => {
    const { userEvent, canvasElement } = context;
    const dialog = await openDialog(context);
    await expect(dialog.getByText(/Making new codes stops the old ones working/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Make new codes' }));
    const codes = within(await dialog.findByRole('list', { name: 'Recovery codes' }));
    await expect(codes.getAllByRole('listitem')).toHaveLength(MOCK_RECOVERY_CODES.length);
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
    await userEvent.click(dialog.getByLabelText('I have saved these codes'));
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Pending: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.regenerateRecoveryCodes, 'infinite'));
  },
  play: async (context) => {
    const dialog = await openDialog(context);
    await context.userEvent.click(dialog.getByRole('button', { name: 'Make new codes' }));
    await expect(await dialog.findByRole('button', { name: 'Making new codes...' })).toBeDisabled();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.regenerateRecoveryCodes, 500));
  },
  play: async (context) => {
    const dialog = await openDialog(context);
    await context.userEvent.click(dialog.getByRole('button', { name: 'Make new codes' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    await expect(dialog.getByRole('button', { name: 'Make new codes' })).toBeEnabled();
  },
};
