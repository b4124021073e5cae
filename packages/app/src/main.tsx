import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

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

void enableMocking().then(() => {
  const root = createRoot(container);
  // A transition lets React render the first page in short slices instead of one long task, so
  // the page answers input while it is still being built (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
