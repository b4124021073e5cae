import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { findModalDialog, renderWithProviders } from '../../test';
import { scrollWindowTo } from '../testScroll';
import { NAV_SCROLL_THRESHOLD, Navbar } from './Navbar';

const header = () => screen.getByRole('banner');
/**
 * The wide bar is in the DOM on every screen and CSS shows it from 1024 px; jsdom applies no media
 * queries, so it counts as hidden here and its items are found by their text.
 */
const wideNav = () => within(header()).getByRole('navigation', { hidden: true });
const wideLink = (name: string) => within(wideNav()).getByText(name, { selector: 'a' });
const wideGroup = (name: string) => within(wideNav()).getByText(name, { selector: 'button' });

describe('Navbar', () => {
  afterEach(() => scrollWindowTo(0));

  it('turns translucent only once scrolled more than 50 px', () => {
    renderWithProviders(<Navbar />);
    expect(NAV_SCROLL_THRESHOLD).toBe(50);
    expect(header()).toHaveAttribute('data-scrolled', 'false');
    scrollWindowTo(50);
    expect(header()).toHaveAttribute('data-scrolled', 'false');
    scrollWindowTo(51);
    expect(header()).toHaveAttribute('data-scrolled', 'true');
    scrollWindowTo(10);
    expect(header()).toHaveAttribute('data-scrolled', 'false');
  });

  it('marks Home as the current page on /', () => {
    renderWithProviders(<Navbar />, { route: '/' });
    expect(wideLink('Home')).toHaveAttribute('aria-current', 'page');
  });

  it('highlights the group of the current page and the page inside it', async () => {
    const { user } = renderWithProviders(<Navbar />, { route: '/method' });
    const learn = wideGroup('Learn');
    expect(learn).toHaveAttribute('aria-current', 'true');
    expect(wideGroup('Stories')).not.toHaveAttribute('aria-current');
    expect(wideLink('Home')).not.toHaveAttribute('aria-current');

    learn.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['About', 'Two Paths', 'Method', 'Symbols & Apparel', 'Music']);
    expect(within(menu).getByRole('menuitem', { name: 'Method' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens a group with the keyboard and follows the chosen link', async () => {
    const { user } = renderWithProviders(<Navbar />, {
      route: '/',
      routes: { '/levels': <p>Levels page</p> },
    });
    wideGroup('Community').focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('href')),
    ).toEqual(['/levels', '/map', '/dashboard']);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Peacemaker Levels' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Levels page')).toBeInTheDocument();
  });

  it('shows each group as a closed menu button before it is first opened', () => {
    renderWithProviders(<Navbar />);
    for (const name of ['Learn', 'Stories', 'Community']) {
      const group = wideGroup(name);
      expect(group).toHaveAttribute('aria-haspopup', 'menu');
      expect(group).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('opens a group with Space on its first item, closes it with Escape, and opens it again with ArrowDown', async () => {
    const { user } = renderWithProviders(<Navbar />);
    wideGroup('Learn').focus();
    await user.keyboard(' ');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'About' })).toHaveFocus());
    expect(wideGroup('Learn')).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(wideGroup('Learn')).toHaveFocus();
    expect(wideGroup('Learn')).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    const again = await screen.findByRole('menu');
    await waitFor(() => expect(within(again).getByRole('menuitem', { name: 'About' })).toHaveFocus());
  });

  it('opened by pointer, focuses the menu rather than its first item, as Radix does', async () => {
    const { user } = renderWithProviders(<Navbar />);
    await user.click(wideGroup('Community'));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toHaveFocus());
    expect(within(menu).getByRole('menuitem', { name: 'Peacemaker Levels' })).not.toHaveFocus();
  });

  it('lists the two story pages under Stories', async () => {
    const { user } = renderWithProviders(<Navbar />);
    await user.click(wideGroup('Stories'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent, item.getAttribute('href')]),
    ).toEqual([
      ['Hugs the Love Story', '/lovestory'],
      ['Peace the Purtle Story', '/peacestory'],
    ]);
  });

  it('marks Login as current on /admin/login and on /admin', () => {
    const { unmount } = renderWithProviders(<Navbar />, { route: '/admin' });
    expect(wideLink('Login')).toHaveAttribute('aria-current', 'page');
    expect(wideLink('Login')).toHaveAttribute('href', '/admin/login');
    unmount();
    renderWithProviders(<Navbar />, { route: '/admin/login' });
    expect(wideLink('Login')).toHaveAttribute('aria-current', 'page');
  });

  it('has a Join Experiment button linking to /experiment', () => {
    renderWithProviders(<Navbar />);
    expect(wideLink('Join Experiment')).toHaveAttribute('href', '/experiment');
  });

  it('opens the side panel with every link flat, ending with Join the Experiment, and closes it on a choice', async () => {
    const { user } = renderWithProviders(<Navbar />, {
      route: '/',
      routes: { '/music': <p>Music page</p> },
    });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = await findModalDialog('Menu');
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'About',
      'Two Paths',
      'Method',
      'Symbols & Apparel',
      'Music',
      'Hugs the Love Story',
      'Peace the Purtle Story',
      'Peacemaker Levels',
      'Movement Map',
      'Dashboard',
      'Login',
      'Join the Experiment',
    ]);
    expect(links.at(-1)).toHaveAttribute('href', '/experiment');

    await user.click(within(panel).getByRole('link', { name: 'Music' }));
    expect(await screen.findByText('Music page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('says the menu button opens a dialog, and Escape closes the panel with focus back on the button', async () => {
    const { user } = renderWithProviders(<Navbar />, { route: '/' });
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(await findModalDialog('Menu')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
