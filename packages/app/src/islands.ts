/**
 * The script of the static pages (docs/decisions/031-islands.md): no React here. It finds the
 * page's islands (`[data-island]`, written by the build) and hydrates each on its own root, when a
 * visitor needs it (`data-load`, the Island's `load`): `idle` once the page is idle (the navigation
 * bar), `visible` when it comes within a screen's reach, `intent` when the visitor reaches for it
 * (the pointer comes over it or touches it, or focus moves into it), `scroll` once the page first
 * scrolls. React, styled-components and the frame come with the first island
 * (islands/hydrateIsland.tsx); each island's code is its own chunk (islands/loaders.ts), shared by
 * the pages that have it.
 *
 * A press on a button of an island that has not hydrated yet starts it at once and is pressed
 * again once it has, so the first tap on the menu is never lost. Links and forms need no script:
 * they work as plain HTML until then.
 */
import { islandLoaders } from '@prr/ui/islands/loaders';
import type { IslandLoad } from '@prr/ui/islands';
import { presetZodJitless } from '@prr/ui/providers/zodJitless';

// Before any island that reads the API brings zod (providers/zodJitless.ts).
presetZodJitless();

type IslandName = keyof typeof islandLoaders;

/** How far ahead of the viewport a `visible` island starts loading: a screen's reach on a phone. */
const NEAR = '50% 0px';

const isIslandName = (name: string | undefined): name is IslandName => name !== undefined && name in islandLoaders;

const started = new WeakMap<HTMLElement, Promise<void>>();
/** Islands React has been given: it replays a press that comes while it hydrates them. */
const handedToReact = new WeakSet<HTMLElement>();

function hydrate(element: HTMLElement): Promise<void> {
  let done = started.get(element);
  if (!done) {
    const name = element.dataset.island;
    done = isIslandName(name)
      ? Promise.all([import('@prr/ui/islands/hydrateIsland'), islandLoaders[name]()]).then(
          ([{ hydrateIsland }, Root]) => {
            handedToReact.add(element);
            hydrateIsland(element, Root);
          },
        )
      : Promise.reject(new Error(`Unknown island "${name ?? ''}"`));
    started.set(element, done);
  }
  return done;
}

function report(error: unknown): void {
  // The static page still works without the island (its links and plain form): only logged.
  console.error('An island could not be loaded', error);
}

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  // Safari has no idle callback: soon after the page's own work.
  else window.setTimeout(run, 1);
}

/**
 * When the island comes near the viewport. Its element has no box of its own (`display: contents`),
 * so its children are watched; one without any (nothing drawn yet) waits for the page to be idle.
 */
function whenNear(element: HTMLElement, run: () => void): void {
  const children = [...element.children];
  if (children.length === 0 || !('IntersectionObserver' in window)) return whenIdle(run);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: NEAR },
  );
  for (const child of children) observer.observe(child);
}

/** The first sign that the visitor is about to use the island: a pointer over it or touching it, or focus in it. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin'] as const;

function whenReachedFor(element: HTMLElement, run: () => void): void {
  const reached = () => {
    for (const type of INTENT_EVENTS) element.removeEventListener(type, reached);
    run();
  };
  for (const type of INTENT_EVENTS) element.addEventListener(type, reached, { passive: true });
}

/** The first scroll of the page, or at once if it opened scrolled (a reload keeps the place). */
function whenScrolled(run: () => void): void {
  if (window.scrollY > 0) return run();
  window.addEventListener('scroll', run, { once: true, passive: true });
}

/** A plain button of an island not yet hydrated: hydrate now, then press it again. */
function pressAfterHydration(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const island = target?.closest<HTMLElement>('[data-island]');
  const button = target?.closest('button');
  if (!island || handedToReact.has(island) || !button || button.type === 'submit') return;
  hydrate(island).then(() => {
    if (button.isConnected) button.click();
  }, report);
}

document.addEventListener('click', pressAfterHydration, { capture: true });

/**
 * A form of an island that only its script can send (no `action`, unlike the home join form's
 * plain post), used before React has finished with it: its button is drawn disabled until the
 * script runs, so the browser drops an Enter, and a plain submit would reload the page with the
 * fields in its address. Hydrate now, then send it, as the visitor meant.
 */
function scriptFormOf(target: EventTarget | null): { form: HTMLFormElement; island: HTMLElement } | undefined {
  const form = target instanceof HTMLFormElement ? target : target instanceof HTMLInputElement ? target.form : null;
  const island = form?.closest<HTMLElement>('[data-island]');
  if (!form || !island || island.hasAttribute('data-hydrated') || form.hasAttribute('action')) return undefined;
  return { form, island };
}

function sendAfterHydration(event: Event, { form, island }: { form: HTMLFormElement; island: HTMLElement }): void {
  // Kept from React too: it sends the form itself once hydrated, once.
  event.preventDefault();
  event.stopPropagation();
  hydrate(island)
    .then(() => hydrated(island))
    .then(() => {
      if (form.isConnected) form.requestSubmit();
    }, report);
}

/**
 * Once React has finished hydrating the island (IslandFrame marks it `data-hydrated`): a submit
 * sent before that finds no handler to take it.
 */
function hydrated(island: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (island.hasAttribute('data-hydrated')) return resolve();
    const observer = new MutationObserver(() => {
      if (!island.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(island, { attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

document.addEventListener(
  'keydown',
  (event) => {
    if (event.key !== 'Enter' || event.isComposing) return;
    const found = scriptFormOf(event.target);
    if (found) sendAfterHydration(event, found);
  },
  { capture: true },
);
document.addEventListener(
  'submit',
  (event) => {
    const found = scriptFormOf(event.target);
    if (found) sendAfterHydration(event, found);
  },
  { capture: true },
);

const schedules: Record<IslandLoad, (element: HTMLElement, run: () => void) => void> = {
  idle: (_element, run) => whenIdle(run),
  visible: whenNear,
  intent: whenReachedFor,
  scroll: (_element, run) => whenScrolled(run),
};

const isIslandLoad = (load: string | undefined): load is IslandLoad =>
  load !== undefined && Object.hasOwn(schedules, load);

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const start = () => void hydrate(element).catch(report);
  const load = element.dataset.load;
  // An island the build marked with no known time (none should be) still hydrates, once the page is idle.
  (isIslandLoad(load) ? schedules[load] : schedules.idle)(element, start);
}
