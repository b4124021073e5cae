import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { scrollStoryTo, withTallPage } from '../storyFrames';
import { Navbar } from './Navbar';

const meta = {
  title: 'Layout/Navbar',
  component: Navbar,
  decorators: [withTallPage],
  globals: { viewport: { value: 'desktop' } },
  parameters: { route: '/' },
} satisfies Meta<typeof Navbar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Wide screens: Home, the three groups, Login and Join Experiment; Learn opens from the keyboard. */
export const Desktop: Story = {
  play: async ({ canvas, userEvent }) => {
    const nav = within(canvas.getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/admin/login');
    await expect(nav.getByRole('link', { name: 'Join Experiment' })).toHaveAttribute('href', '/experiment');
    // The narrow screens' menu button is hidden on wide screens.
    await expect(canvas.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();

    nav.getByRole('button', { name: 'Learn' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['About', 'Two Paths', 'Method', 'Symbols & Apparel', 'Music']);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'About' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Two Paths' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(nav.getByRole('button', { name: 'Learn' })).toHaveFocus();
  },
};

/** Past 50 px the bar turns slightly translucent. */
export const Scrolled: Story = {
  play: async ({ canvas }) => {
    const header = canvas.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await scrollStoryTo(200);
    await waitFor(() => expect(header).toHaveAttribute('data-scrolled', 'true'));
    await scrollStoryTo(0);
    await waitFor(() => expect(header).toHaveAttribute('data-scrolled', 'false'));
  },
};

/** On /map the Community group is highlighted, and Movement Map inside it. */
export const ActiveGroup: Story = {
  parameters: { route: '/map' },
  play: async ({ canvas, userEvent }) => {
    const nav = within(canvas.getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('button', { name: 'Community' })).toHaveAttribute('aria-current', 'true');
    await expect(nav.getByRole('button', { name: 'Learn' })).not.toHaveAttribute('aria-current');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await userEvent.click(nav.getByRole('button', { name: 'Community' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Movement Map' })).toHaveAttribute('aria-current', 'page');
  },
};

/** The admin dashboard also marks Login as current. */
export const AdminActive: Story = {
  parameters: { route: '/admin' },
  play: async ({ canvas }) => {
    const nav = within(canvas.getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Narrow screens: the menu button opens the side panel with every link flat. */
export const MobileMenuOpen: Story = {
  globals: { viewport: { value: 'mobile' } },
  parameters: { route: '/peacestory' },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Menu' }));
    const links = panel.getAllByRole('link');
    await expect(links).toHaveLength(13);
    await expect(links.at(-1)).toHaveTextContent('Join the Experiment');
    await expect(panel.getByRole('link', { name: 'Peace the Purtle Story' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Choosing an item closes the panel. */
export const MobileMenuChoose: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Menu' }));
    await userEvent.click(panel.getByRole('link', { name: 'Movement Map' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
  },
};
