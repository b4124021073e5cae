import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AppProviders } from '../../providers';
import { renderWithProviders } from '../../test';
import { isChunkLoadFailure, PageError } from './PageError';
import { RouteErrorPage } from './RouteErrorPage';
import { RouterNavigation } from '../../navigation/RouterNavigation';

let consoleError: MockInstance;
beforeEach(() => {
  // The page logs the error on purpose, and React reports caught render errors too.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

const chunkFailure = new TypeError(
  'Failed to fetch dynamically imported module: https://example.org/static/map-abc.js',
);

describe('PageError', () => {
  it('asks for a reload when a page chunk could not be loaded', async () => {
    const onReload = vi.fn();
    const { user } = renderWithProviders(<PageError error={chunkFailure} onReload={onReload} />);
    expect(screen.getByRole('heading', { level: 1, name: 'This page needs a reload' })).toBeInTheDocument();
    expect(screen.getByText(/site was updated since you opened it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(onReload).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('says something went wrong for any other error, without its internals, and logs it', () => {
    const error = new Error('Cannot read properties of undefined (reading "points")');
    renderWithProviders(<PageError error={error} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/Cannot read properties/)).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('A page failed to render:', error);
  });

  it('tells chunk failures of the three browser engines from other errors', () => {
    expect(isChunkLoadFailure(chunkFailure)).toBe(true);
    expect(isChunkLoadFailure(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadFailure(new Error('500: Internal Server Error'))).toBe(false);
    expect(isChunkLoadFailure('dynamically imported module')).toBe(false);
  });
});

describe('RouteErrorPage as the errorElement', () => {
  it('shows inside the layout when a page chunk fails to load, and the way home still works', async () => {
    const Broken = lazy(() => Promise.reject(chunkFailure));
    const router = createMemoryRouter(
      [
        {
          // The app's frame (SiteLayout) links through the router.
          element: (
            <RouterNavigation>
              <nav aria-label="Main">Site frame</nav>
              <Suspense fallback={null}>
                <Outlet />
              </Suspense>
            </RouterNavigation>
          ),
          children: [
            {
              errorElement: <RouteErrorPage />,
              children: [
                { path: '/', element: <h1>Home page</h1> },
                { path: '/map', element: <Broken /> },
              ],
            },
          ],
        },
      ],
      { initialEntries: ['/map'] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This page needs a reload' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Site frame');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
  });
});
