/**
 * Every story gets the app's providers with its own QueryClient (created once per story, never
 * shared between stories), a memory router at `parameters.route`, the default MSW handlers with a
 * freshly reset mock database, an empty toast queue and no kept form drafts. Stories override only
 * the handlers they need. Every story also holds still (./determinism.ts): today is the mocks'
 * FIXTURE_NOW, no animation, transition or caret, fonts loaded before the story is done.
 *
 * Pictures: Chromatic shoots every story in the modes of ./viewports.ts (desktop 1280×800 and
 * mobile 375×812), and so does the stories project (./vitest.setup.ts, in the same pass as the play
 * function and the accessibility check). A story pinned to one viewport, `parameters.visual` and
 * `chromatic.disableSnapshot` narrow that down for both (chromaticFor in ./viewports.ts).
 */
import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetMockDb } from '@prr/mocks';
import { AppProviders, createQueryClient, draftStore, toastStore } from '@prr/ui';
import { RouterNavigation } from '@prr/ui/navigation/router';
import { startMockWorker } from '@prr/mocks/browser';
import { holdStill, holdTheEnd } from './determinism';
import {
  chromaticFor,
  viewportModes,
  viewportOptions,
  type ChromaticParameters,
  type VisualParameters,
} from './viewports';

declare module 'storybook/internal/csf' {
  interface Parameters {
    /** The URL the story's memory router starts at. */
    route?: string;
    /** The route pattern the story is mounted at (defaults to the route's path). */
    routePath?: string;
    /** Opt-outs of the pictures (stories project and Chromatic), see ./viewports.ts. */
    visual?: VisualParameters;
    chromatic?: ChromaticParameters;
  }
}

interface StoryProvidersProps {
  route: string;
  routePath: string | undefined;
  children: ReactNode;
}

/**
 * React Query's convention: the client is created on the first render and kept in state, so a
 * re-render of the decorator (new args, globals) keeps the story's cache. The decorator keys this
 * component by story id, so the next story starts with a new client.
 */
function StoryProviders({ route, routePath, children }: StoryProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <RouterNavigation>
          <Routes>
            <Route path={routePath} element={children} />
            <Route path="*" element={children} />
          </Routes>
        </RouterNavigation>
      </MemoryRouter>
    </AppProviders>
  );
}

const preview: Preview = {
  loaders: [mswLoader(() => startMockWorker())],
  beforeEach() {
    resetMockDb();
    toastStore.reset();
    draftStore.clearAll();
    return holdStill();
  },
  afterEach: holdTheEnd,
  decorators: [
    (Story, { id, parameters }) => {
      const route = parameters.route ?? '/';
      return (
        <StoryProviders key={id} route={route} routePath={parameters.routePath ?? route.split('?')[0]}>
          <Story />
        </StoryProviders>
      );
    },
  ],
  // Storybook has no hook that derives parameters from a story's globals; an argTypes enhancer
  // sees every story's combined parameters and its own globals while the story is prepared (also
  // when Chromatic lists the stories), and returns the argTypes untouched. chromaticFor returns a
  // new object, so nothing shared with other stories is changed.
  argTypesEnhancers: [
    (context) => {
      const { storyGlobals } = context as typeof context & { storyGlobals?: { viewport?: { value?: unknown } } };
      context.parameters.chromatic = chromaticFor(context.parameters, storyGlobals);
      return context.argTypes;
    },
  ],
  // A story without a viewport of its own opens at desktop width, in Storybook and in the stories project.
  initialGlobals: { viewport: { value: 'desktop', isRotated: false } },
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: { test: 'error' },
    viewport: { options: viewportOptions },
    chromatic: { modes: viewportModes },
  },
};

export default preview;
