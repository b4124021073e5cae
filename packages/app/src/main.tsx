import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { resolveInitialPage, routes } from './routes';

/** `npm run dev:mock` answers every /api call from the MSW handlers, in the browser. */
async function enableMocking(): Promise<void> {
  if (import.meta.env.MODE !== 'mock') return;
  const [{ startMockWorker }, { resetMockDb }] = await Promise.all([
    import('@prr/mocks/browser'),
    import('@prr/mocks'),
  ]);
  // Real dates, so a member who joins in dev:mock starts on day 1 today.
  resetMockDb({ now: () => new Date() });
  await startMockWorker();
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

void Promise.all([enableMocking(), resolveInitialPage(window.location)]).then(() => {
  // The build prerenders each page into #root (packages/app/src/prerender.tsx): hydrate it, so the
  // page the visitor already sees is kept rather than drawn again. The dev servers and the admin
  // dashboard send an empty #root: render from scratch.
  const prerendered = container.firstElementChild !== null;
  // hydrationData: the router starts from the page as it is (no loaders to run), so its scroll
  // restoration leaves alone a page the visitor has already scrolled while the script loaded.
  const router = createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined);
  const site = (
    <StrictMode>
      <App router={<RouterProvider router={router} />} />
    </StrictMode>
  );
  // In a transition React hydrates or renders the first page in short slices instead of one long
  // task, so the page answers input while it is still being built (Lighthouse's total blocking time).
  startTransition(() => {
    if (prerendered) hydrateRoot(container, site);
    else createRoot(container).render(site);
  });
});
