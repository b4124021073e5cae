/**
 * Every story gets the app's providers with a fresh QueryClient (never shared between stories),
 * a memory router at `parameters.route`, the default MSW handlers with a freshly reset mock
 * database, an empty toast queue and no kept form drafts. Stories override only the handlers they need.
 */
import type { Preview } from '@storybook/react-vite';
import { MotionGlobalConfig } from 'framer-motion';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetMockDb } from '@prr/mocks';
import { AppProviders, createQueryClient, draftStore, toastStore } from '@prr/ui';
import { startMockWorker } from '@prr/mocks/browser';

declare module 'storybook/internal/csf' {
  interface Parameters {
    /** The URL the story's memory router starts at. */
    route?: string;
    /** The route pattern the story is mounted at (defaults to the route's path). */
    routePath?: string;
  }
}

const preview: Preview = {
  loaders: [mswLoader(() => startMockWorker())],
  beforeEach() {
    resetMockDb();
    toastStore.reset();
    draftStore.clearAll();
    // Stable screenshots and play functions: framer-motion jumps to the end state.
    MotionGlobalConfig.skipAnimations = true;
  },
  decorators: [
    (Story, { parameters }) => {
      const route = parameters.route ?? '/';
      return (
        <AppProviders queryClient={createQueryClient()}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={parameters.routePath ?? route.split('?')[0]} element={<Story />} />
              <Route path="*" element={<Story />} />
            </Routes>
          </MemoryRouter>
        </AppProviders>
      );
    },
  ],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: { test: 'error' },
    viewport: {
      options: {
        mobile: { name: 'Mobile 375', styles: { width: '375px', height: '812px' }, type: 'mobile' },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
