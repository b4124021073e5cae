import { api } from '@prr/contract';
import { memoryStore, recalculatePreview } from '@prr/domain';
import { delayed, failing, mockDb, scenarios } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Container, Section } from '../../../primitives';
import { formatCount } from '../../map/mapRules';
import { AdminStats } from '../AdminStats';

/** The dialog opens from the dashboard's Actions card, so the stories show the cards around it. */
const meta = {
  title: 'Admin/Dashboard/Update Map',
  component: AdminStats,
  render: () => (
    <Section>
      <Container>
        <AdminStats />
      </Container>
    </Section>
  ),
  beforeEach({ msw }) {
    msw.use(...scenarios.adminSignedIn);
  },
} satisfies Meta<typeof AdminStats>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

/** Dialogs and toasts outside the story's root (Radix portals them to the body). */
const page = ({ canvasElement }: Context) => within(canvasElement.ownerDocument.body);

async function openDialog(context: Context) {
  const { canvas, userEvent } = context;
  await canvas.findByRole('region', { name: 'Sample Data' });
  await userEvent.click(canvas.getByRole('button', { name: 'Update Map' }));
  return within(await page(context).findByRole('dialog', { name: 'Update the map?' }));
}

async function confirmUpdate(context: Context) {
  const dialog = await openDialog(context);
  const confirm = dialog.getByRole('button', { name: 'Update Map' });
  await waitFor(() => expect(confirm).toBeEnabled());
  await context.userEvent.click(confirm);
  await expect(await context.canvas.findByText('State data updated')).toBeInTheDocument();
}

/** The counts the mocks' active members give, by the domain's own rule. */
const recalculated = async () => (await recalculatePreview(memoryStore(mockDb))).recalculated;

/** The map's sample counts, and what the active members would put in their place. */
export const Default: Story = {
  play: async (context) => {
    const { peacemakers, states } = await recalculated();
    const dialog = await openDialog(context);
    await expect(
      await dialog.findByText(
        `The map's counts (9,528 peacemakers in 49 states) will be replaced by counts of active members (${formatCount(peacemakers)} in ${states} states).`,
      ),
    ).toBeInTheDocument();
    await expect(dialog.getByText('The current counts are kept, so this update can be undone once.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Update Map' })).toBeEnabled();
  },
};

/** The counts are still being worked out: nothing to confirm yet. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.recalculatePreview, 'infinite'));
  },
  play: async (context) => {
    const dialog = await openDialog(context);
    await expect(dialog.getByText('Counting active members...')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Update Map' })).toBeDisabled();
  },
};

export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.recalculatePreview, 500));
  },
  play: async (context) => {
    const dialog = await openDialog(context);
    await expect(await dialog.findByText("We couldn't work out the new counts.")).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Update Map' })).toBeDisabled();
  },
};

/** Confirmed: the map counts active members, and the toast offers to undo it. */
export const Confirmed: Story = {
  play: async (context) => {
    const { canvas } = context;
    const { peacemakers } = await recalculated();
    await confirmUpdate(context);
    await expect(
      canvas.getByText('State participation counts have been recalculated from real member data.'),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: 'Sample Data' })).toHaveTextContent(formatCount(peacemakers)),
    );
    // The server keeps the replaced counts, so the card offers the undo too, after the toast has gone.
    await expect(await canvas.findByRole('button', { name: 'Undo last map update' })).toBeEnabled();
  },
};

/** Undo from the toast: the sample counts are back, and there is nothing left to undo. */
export const Undone: Story = {
  play: async (context) => {
    const { canvas, userEvent } = context;
    await confirmUpdate(context);
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }));
    await expect(await canvas.findByText('Map counts restored')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('region', { name: 'Sample Data' })).toHaveTextContent('9,528'));
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Undo last map update' })).not.toBeInTheDocument());
  },
};

/** Another tab undid the update first: the server's reason in a destructive toast. */
export const UndoFailure: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.undoRecalculateStates, 409, 'There is no map update to undo'));
  },
  play: async (context) => {
    const { canvas, userEvent } = context;
    await confirmUpdate(context);
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }));
    const notice = await canvas.findByText('Error undoing map update');
    await expect(notice.parentElement).toHaveTextContent('There is no map update to undo');
  },
};
