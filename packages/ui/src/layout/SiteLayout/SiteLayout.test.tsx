import { findSitePage } from '@prr/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState, type ReactNode } from 'react';
import { createMemoryRouter, Link, MemoryRouter, Route, RouterProvider, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { externalLinks } from '../../config';
import { AppProviders, createQueryClient } from '../../providers';
import { scrollWindowTo } from '../testScroll';
import { SiteLayout } from './SiteLayout';

/** Renders its heading and section a moment later, like a lazily loaded page. */
function SlowHome() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready ? (
    <>
      <h1>Home page</h1>
      <section id="about">About section</section>
    </>
  ) : (
    <p>Loading home</p>
  );
}

/** Shows a loading heading first, then the page's own, like the dashboard while its data loads. */
function LoadingThenReady({ heading }: { heading: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  // Separate elements, as the dashboard's loading frame and its overview are.
  return ready ? (
    <article>
      <h1>{heading}</h1>
    </article>
  ) : (
    <div>
      <h1>Loading</h1>
    </div>
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Method page</h1>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

/** The site as the app mounts it: SiteLayout as the root route of a data router. */
function renderSite(route: string | string[], pages: Record<string, ReactNode>) {
  const user = userEvent.setup();
  const entries = Array.isArray(route) ? route : [route];
  const router = createMemoryRouter(
    [{ element: <SiteLayout />, children: Object.entries(pages).map(([path, element]) => ({ path, element })) }],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, router };
}

/** The polite live region that announces each new page, once the page holds no other status. */
const announcer = () => screen.getByRole('status');
const titleOf = (path: string) => findSitePage(path)?.title;

describe('SiteLayout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('frames the page with the skip link, navigation, main content and footer', async () => {
    const { user } = renderSite('/', { '/': <h1>Home page</h1> });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Home page' })).toBeInTheDocument();

    const skip = screen.getByRole('link', { name: 'Skip to content' });
    await user.tab();
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });

  it('scrolls smoothly to the top on every route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user } = renderSite('/', {
      '/': <Link to="/method">Go to method</Link>,
      '/method': <h1>Method page</h1>,
    });
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Go to method' }));
    expect(await screen.findByRole('heading', { name: 'Method page' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
  });

  it('follows a footer section link from another page to the home page section once it renders', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = renderSite('/music', { '/': <SlowHome />, '/music': <h1>Music page</h1> });
    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'About' }));
    const section = await screen.findByText('About section');
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' }));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(section);
    expect(section).toHaveFocus();
  });

  it('moves focus to the new page heading and announces its title after a navigation', async () => {
    const { user } = renderSite('/', {
      '/': <Link to="/about">Read about us</Link>,
      '/about': <h1>About page</h1>,
    });
    expect(announcer()).toBeEmptyDOMElement();
    await user.click(screen.getByRole('link', { name: 'Read about us' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'About page' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(announcer()).toHaveTextContent(titleOf('/about') ?? 'missing');
  });

  it('neither moves focus nor announces on the first page load', async () => {
    renderSite('/about', { '/about': <h1>About page</h1> });
    const heading = screen.getByRole('heading', { level: 1, name: 'About page' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(heading).not.toHaveFocus();
    expect(heading).not.toHaveAttribute('tabindex');
    expect(announcer()).toBeEmptyDOMElement();
  });

  it('waits for a lazily shown heading, and keeps focus on the heading that replaces a loading one', async () => {
    const { user } = renderSite('/', {
      '/': <Link to="/dashboard">Dashboard</Link>,
      '/dashboard': <LoadingThenReady heading="Welcome back" />,
    });
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Announced once, when the first heading appeared.
    expect(announcer()).toHaveTextContent(titleOf('/dashboard') ?? 'missing');
  });

  it('leaves focus where the new page put it', async () => {
    const { user } = renderSite('/', {
      '/': <Link to="/experiment">Join</Link>,
      '/experiment': (
        <>
          <h1>Join the experiment</h1>
          <label>
            Name
            <input autoFocus />
          </label>
        </>
      ),
    });
    await user.click(screen.getByRole('link', { name: 'Join' }));
    await waitFor(() => expect(announcer()).toHaveTextContent(titleOf('/experiment') ?? 'missing'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('announces the home page but gives focus to the section a link names', async () => {
    const { user } = renderSite('/music', { '/': <SlowHome />, '/music': <h1>Music page</h1> });
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'About' }));
    const section = await screen.findByText('About section');
    await waitFor(() => expect(section).toHaveFocus());
    await waitFor(() => expect(announcer()).toHaveTextContent(titleOf('/') ?? 'missing'));
    expect(section).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).not.toHaveFocus();
  });

  it('puts the page back where it was on Back, instantly, and scrolls nothing else', async () => {
    const calls: string[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation((...args: unknown[]) => {
      calls.push(`${JSON.stringify(args)} ${document.documentElement.style.scrollBehavior || 'css'}`);
    });
    const { user, router } = renderSite(['/', '/method'], {
      '/method': <Link to="/about">Read about us</Link>,
      '/about': <h1>About page</h1>,
    });
    scrollWindowTo(640);
    calls.length = 0;

    await user.click(screen.getByRole('link', { name: 'Read about us' }));
    await screen.findByRole('heading', { name: 'About page' });
    // A new page: react-router's reset and ScrollToTop's scroll both glide to the top.
    expect(calls).toEqual(['[0,0] smooth', '[{"top":0,"left":0,"behavior":"smooth"}] css']);

    scrollWindowTo(0);
    calls.length = 0;
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Read about us' })).toBeInTheDocument();
    expect(calls).toEqual(['[0,640] auto']);
    expect(document.documentElement.style.scrollBehavior).toBe('');
    scrollWindowTo(0);
  });

  it('works under a plain MemoryRouter too (Storybook, renderWithProviders), without scroll restoration', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route element={<SiteLayout />}>
              <Route path="/" element={<Link to="/method">Go to method</Link>} />
              <Route path="/method" element={<BackButton />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    await user.click(screen.getByRole('link', { name: 'Go to method' }));
    const heading = await screen.findByRole('heading', { name: 'Method page' });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
    await waitFor(() => expect(heading).toHaveFocus());

    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'Go to method' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('shows the footer links of docs/product/screens.md#footer', () => {
    renderSite('/', { '/': <p>Home</p> });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#about');
    expect(footer.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/#products');
    expect(footer.getByRole('link', { name: 'Testimonials' })).toHaveAttribute('href', '/#testimonials');
    expect(footer.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/experiment');
    expect(footer.getByRole('link', { name: 'Our Why' })).toHaveAttribute('href', '/about');
    for (const collection of externalLinks.shopCollections) {
      const link = footer.getByRole('link', { name: `${collection.name} collection (opens in a new tab)` });
      expect(link).toHaveAttribute('href', collection.url);
      expect(link).toHaveAttribute('target', '_blank');
    }
    for (const organisation of externalLinks.organisations) {
      expect(footer.getByRole('link', { name: `${organisation.name} (opens in a new tab)` })).toHaveAttribute(
        'href',
        organisation.url,
      );
    }
    for (const profile of externalLinks.social) {
      expect(footer.getByRole('link', { name: `${profile.label} (opens in a new tab)` })).toHaveAttribute(
        'href',
        profile.url,
      );
    }
    expect(footer.getByText(/© 2024/)).toBeInTheDocument();
    expect(footer.getByText(/public benefit corporation under the Unity Umbrella/)).toBeInTheDocument();
  });

  it('shows a quiet fallback while a lazy page loads', async () => {
    let resolve: () => void = () => {};
    const pending = new Promise<void>((done) => {
      resolve = done;
    });
    function Lazy(): ReactNode {
      // Suspends until the test resolves it, like React.lazy before its chunk arrives.
      if (!loaded.value) throw pending.then(() => (loaded.value = true));
      return <h1>Loaded page</h1>;
    }
    const loaded = { value: false };
    renderSite('/', { '/': <Lazy /> });
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading page…');
    await act(async () => resolve());
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
  });
});
