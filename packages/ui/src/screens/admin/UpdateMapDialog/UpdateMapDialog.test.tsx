import { api } from '@prr/contract';
import { memoryStore, recalculatePreview } from '@prr/domain';
import { failing, mockDb, scenarios } from '@prr/mocks';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { adminSessionStore } from '../../../hooks/useAdminSession';
import { findModalDialog, renderWithProviders } from '../../../test';
import { countRequests } from '../../../test/countRequests';
import { formatCount } from '../../map/mapRules';
import { AdminStats } from '../AdminStats';

function renderStats() {
  return renderWithProviders(<AdminStats />);
}

type User = ReturnType<typeof renderStats>['user'];

const card = (name: string) => within(screen.getByRole('region', { name }));

async function openDialog(user: User) {
  await screen.findByRole('region', { name: 'Sample Data' });
  await user.click(card('Actions').getByRole('button', { name: 'Update Map' }));
  return within(await findModalDialog('Update the map?'));
}

async function confirmUpdate(user: User) {
  const dialog = await openDialog(user);
  const confirm = dialog.getByRole('button', { name: 'Update Map' });
  await waitFor(() => expect(confirm).toBeEnabled());
  await user.click(confirm);
  expect(await screen.findByText('State data updated')).toBeInTheDocument();
}

/** POSTs MSW sees for one path from here on. */
function countPosts(path: string): { readonly count: number } {
  const counter = { count: 0 };
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === path) counter.count += 1;
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return counter;
}

/** What the mocks' active members would put on the map, by the domain's rule. */
const recalculated = async () => (await recalculatePreview(memoryStore(mockDb))).recalculated;

beforeEach(() => {
  adminSessionStore.signIn('Admin');
  server.use(...scenarios.adminSignedIn);
});
afterEach(() => localStorage.clear());

describe("'Update Map' asks first", () => {
  it("says what the map shows and what the active members' counts would be, and Cancel changes nothing", async () => {
    const { peacemakers, states } = await recalculated();
    const posts = countPosts(api.recalculateStates.path);
    const { user } = renderStats();
    const dialog = await openDialog(user);

    expect(
      await dialog.findByText(
        `The map's counts (9,528 peacemakers in 49 states) will be replaced by counts of active members (${formatCount(peacemakers)} in ${states} states).`,
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card('Actions').getByRole('button', { name: 'Update Map' })).toHaveFocus();
    expect(card('Sample Data').getByText('9,528')).toBeInTheDocument();
    expect(posts.count).toBe(0);
  });

  it('asks the server for the counts again each time it opens', async () => {
    const { user } = renderStats();
    const previews = countRequests(api.recalculatePreview.path);
    let dialog = await openDialog(user);
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Update Map' })).toBeEnabled());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A member leaves between two openings: the second opening says so.
    const index = mockDb.members.findIndex((member) => member.isActive);
    const leaving = mockDb.members[index];
    // A new object: the mock database's arrays share the fixtures' objects.
    if (leaving) mockDb.members[index] = { ...leaving, isActive: false };
    const { peacemakers } = await recalculated();
    dialog = await openDialog(user);
    expect(await dialog.findByText(new RegExp(`active members \\(${peacemakers} in `))).toBeInTheDocument();
    expect(previews.count).toBeGreaterThanOrEqual(2);
  });

  it('keeps the confirmation disabled until the counts are known, and offers a retry when they fail', async () => {
    server.use(failing(api.recalculatePreview, 500));
    const { user } = renderStats();
    const dialog = await openDialog(user);
    expect(await dialog.findByText("We couldn't work out the new counts.")).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Update Map' })).toBeDisabled();

    // Back to this file's handlers (resetHandlers with a list would replace the defaults for good).
    server.resetHandlers();
    server.use(...scenarios.adminSignedIn);
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Update Map' })).toBeEnabled());
  });

  it('updates the map once confirmed, and the toast offers Undo, which puts the previous counts back', async () => {
    const { peacemakers } = await recalculated();
    const { user } = renderStats();
    await confirmUpdate(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(card('Sample Data').getByText(formatCount(peacemakers))).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Map counts restored')).toBeInTheDocument();
    await waitFor(() => expect(card('Sample Data').getByText('9,528')).toBeInTheDocument());
    await waitFor(() =>
      expect(card('Actions').queryByRole('button', { name: 'Undo last map update' })).not.toBeInTheDocument(),
    );
  });

  it("offers 'Undo last map update' in the card for as long as the server keeps the previous counts", async () => {
    const { user } = renderStats();
    expect(card('Actions').queryByRole('button', { name: 'Undo last map update' })).not.toBeInTheDocument();
    await confirmUpdate(user);
    await user.click(await card('Actions').findByRole('button', { name: 'Undo last map update' }));
    expect(await screen.findByText('Map counts restored')).toBeInTheDocument();
    await waitFor(() => expect(card('Sample Data').getByText('9,528')).toBeInTheDocument());
  });

  it('says why when the server has nothing to undo (another tab undid it first)', async () => {
    const { user } = renderStats();
    await confirmUpdate(user);
    await card('Actions').findByRole('button', { name: 'Undo last map update' });
    // The other tab's undo, straight on the mocks' server.
    await fetch(new URL(api.undoRecalculateStates.path, window.location.origin), { method: 'POST' });

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Error undoing map update')).toBeInTheDocument();
    expect(screen.getByText('There is no map update to undo')).toBeInTheDocument();
    // The card stops offering what the server no longer has.
    await waitFor(() =>
      expect(card('Actions').queryByRole('button', { name: 'Undo last map update' })).not.toBeInTheDocument(),
    );
  });
});
