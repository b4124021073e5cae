import { api } from '@prr/contract';
import { dashboardAnswer, delayed, failing, handle } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { stubShareApis } from '../../../components/ShareButton/shareStubs';
import { tabFrame } from '../storyDecorators';
import { COPY_REFUSED_MESSAGE, InviteCard } from './InviteCard';
import { INVITE_CODE, inviteAnswer, storyInviteLink } from './storyData';

const meta = {
  title: 'Dashboard/Invite a Friend',
  component: InviteCard,
  decorators: [tabFrame(560)],
  beforeEach({ msw }) {
    msw.use(inviteAnswer(2));
    // Most desktops: no share sheet, a working clipboard.
    return stubShareApis(fn, { shareSheet: false }).restore;
  },
} satisfies Meta<typeof InviteCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The link to /experiment?invite=CODE; 'Copy link' copies it and says 'Copied'. */
export const Copied: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = await canvas.findByLabelText('Your invite link');
    await expect(field).toHaveValue(storyInviteLink());
    await expect(field).toHaveAttribute('readonly');
    // Without a share sheet there is nothing for 'Share' to open.
    await expect(canvas.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(storyInviteLink());
    await expect(await canvas.findByRole('status')).toHaveTextContent('Copied');
    await waitFor(() => expect(canvas.getByRole('status').textContent).toBe(''), { timeout: 4000 });
  },
};

/** The browser refuses the clipboard: the card says how to copy by hand and selects the link. */
export const CopyRefused: Story = {
  beforeEach: () => stubShareApis(fn, { shareSheet: false, clipboard: 'fails' }).restore,
  play: async ({ canvas, userEvent }) => {
    const field = await canvas.findByLabelText<HTMLInputElement>('Your invite link');
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(COPY_REFUSED_MESSAGE);
    await expect(field.selectionEnd! - field.selectionStart!).toBe(storyInviteLink().length);
  },
};

/** Phones: 'Share' opens the device's share sheet with the link. */
export const Share: Story = {
  globals: { viewport: { value: 'mobile' } },
  beforeEach: () => stubShareApis(fn, { shareSheet: true }).restore,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Share' }));
    await expect(navigator.share).toHaveBeenCalledWith(expect.objectContaining({ url: storyInviteLink() }));
    await expect(navigator.clipboard.writeText).not.toHaveBeenCalled();
    await expect(canvas.getByRole('status').textContent).toBe('');
  },
};

export const NoFriendsYet: Story = {
  beforeEach({ msw }) {
    msw.use(inviteAnswer(0));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('0 friends joined')).toBeInTheDocument();
  },
};

export const OneFriend: Story = {
  beforeEach({ msw }) {
    msw.use(inviteAnswer(1));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('1 friend joined')).toBeInTheDocument();
  },
};

export const ManyFriends: Story = {
  beforeEach({ msw }) {
    msw.use(inviteAnswer(12));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('12 friends joined')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.memberDashboard, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your invite link...');
    await expect(canvas.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  },
};

export const LoadError: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.memberDashboard, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't load your invite link.");
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** A member from before invites has no code in the dashboard's answer: the invite call makes it, once. */
export const FirstInvite: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(
      dashboardAnswer((dashboard) => ({ ...dashboard, invite: null })),
      handle(api.invite, () => ({ code: INVITE_CODE, friendsJoined: 0 })),
    );
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Your invite link')).toHaveValue(storyInviteLink());
    await expect(canvas.getByText('0 friends joined')).toBeInTheDocument();
  },
};
