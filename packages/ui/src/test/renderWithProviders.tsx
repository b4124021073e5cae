/** Renders a screen the way the app does: providers, a fresh query client and a memory router. */
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RouterNavigation } from '../navigation/RouterNavigation';
import { AppProviders, createQueryClient } from '../providers';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the memory router starts at. */
  route?: string;
  /** Extra routes, e.g. the target of a redirect, so tests can assert where navigation went. */
  routes?: Record<string, ReactElement>;
  /** The route pattern the element is mounted at (defaults to `route`'s path). */
  path?: string;
}

export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { route = '/', routes = {}, path, ...rest } = options;
  const queryClient = createQueryClient();
  // No timer between keys: typing is as fast as the screen can take it (a debounce test sets its own).
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <RouterNavigation>
          <Routes>
            <Route path={path ?? route.split('?')[0]} element={ui} />
            {Object.entries(routes).map(([routePath, element]) => (
              <Route key={routePath} path={routePath} element={element} />
            ))}
          </Routes>
        </RouterNavigation>
      </MemoryRouter>
    </AppProviders>,
    rest,
  );
  return { ...result, user, queryClient };
}
