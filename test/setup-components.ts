/**
 * jsdom test setup: jest-dom matchers, MSW's node server with the default handlers (an unmocked
 * request fails the test), Testing Library's async queries wait up to 5 s, a fresh mock database,
 * toast queue and empty storage per test, no animations, and an unexpected console.error fails the
 * test (docs/conventions.md#tests).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { MotionGlobalConfig } from 'framer-motion';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetMockDb } from '@prr/mocks';
import { server } from '@prr/mocks/node';
import { draftStore, toastStore } from '@prr/ui';

MotionGlobalConfig.skipAnimations = true;
// `npm test` runs the jsdom tests beside the server suites on both stores and the browsers: on two
// busy cores a screen can take over a second to settle. findBy/waitFor wait for a state, not a
// time, so a longer limit only costs time when a test is failing anyway.
configure({ asyncUtilTimeout: 5_000 });

// The component files share one module graph and one window (`isolate: false`, vitest.config.ts):
// this file runs again before each of them, but MSW's server and the fetch below are set up once.
const shared = globalThis as { prrMswListening?: boolean };
if (!shared.prrMswListening) {
  shared.prrMswListening = true;
  server.listen({ onUnhandledRequest: 'error' });
  // Node's fetch needs absolute URLs and its own AbortSignal; the app calls relative paths with
  // React Query's (jsdom) signal, so resolve against the page and drop the foreign signal here.
  const interceptedFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin) : input;
    const { signal: _signal, ...rest } = init ?? {};
    return interceptedFetch(url, rest);
  };
}

let consoleErrors: string[] = [];

beforeEach(() => {
  // The window outlives the file, so what a screen kept in storage (the e-mail, drafts) goes too.
  localStorage.clear();
  sessionStorage.clear();
  resetMockDb();
  toastStore.reset();
  draftStore.clearAll();
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called during the test:\n${consoleErrors.join('\n')}`);
  }
});

// jsdom lacks these browser APIs that Radix and the carousels use.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub });
}
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }),
  });
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
Element.prototype.hasPointerCapture = () => false;
Element.prototype.releasePointerCapture = () => {};
