import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { externalLinks } from '../../config';
import { AppProviders, createQueryClient } from '../../providers';
import { SiteLayout } from './SiteLayout';

/** Renders its section a moment later, like a lazily loaded page. */
function SlowHome() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <section id="about">About section</section> : <p>Loading home</p>;
}

function renderSite(route: string, pages: Record<string, ReactNode>) {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route element={<SiteLayout />}>
            {Object.entries(pages).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

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
