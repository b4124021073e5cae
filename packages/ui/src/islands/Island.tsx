/**
 * One part of a static page that a visitor can touch (docs/decisions/031-islands.md). In the client
 * app, Storybook and the tests it is simply its component. When the build writes a page with
 * islands, it is a marked, empty element (`data-island`) that the build fills with the component's
 * own render, made as a root of its own, so the browser can hydrate it alone, when the page is idle
 * or when it scrolls near, with no router and no other island's code.
 */
import { createContext, useContext, useId, type ComponentType } from 'react';
import type { IslandName } from './components';

/**
 * When an island's code loads and hydrates (docs/decisions/031-islands.md#when-an-island-hydrates):
 * - `idle`: once the page is idle: the navigation bar, the one control every page opens with, and the
 *   first screen's data (/map's figures);
 * - `intent`: when the visitor reaches for it (pointer over or on it, focus in it): a control that does
 *   nothing until it is used, wherever it stands; the press that follows is kept;
 * - `visible`: when it comes within a screen's reach: a part that acts on its own once seen (a
 *   carousel that turns, data that loads, the map) or a form, enhanced before anyone types in it;
 * - `scroll`: once the page first scrolls: the floating Join button, which shows only then.
 */
export type IslandLoad = 'idle' | 'intent' | 'visible' | 'scroll';

/** An island as the build found it on a page: its key (the marker's), component and props. */
export interface FoundIsland {
  key: string;
  name: IslandName;
  props: Record<string, unknown>;
}

/** What the build collects while it renders a page with islands. */
export class IslandCollector {
  private readonly found = new Map<string, FoundIsland>();

  /** @param nameOf the island registry's name for a component (components.ts); throws for one it lacks. */
  constructor(readonly nameOf: <P extends object>(component: ComponentType<P>) => IslandName) {}

  add(island: FoundIsland): void {
    // A component may render more than once (StrictMode): its key is the same each time.
    this.found.set(island.key, island);
  }

  get islands(): FoundIsland[] {
    return [...this.found.values()];
  }
}

const CollectorContext = createContext<IslandCollector | null>(null);

/** Around a page the build writes with islands: every Island in it is collected, not rendered. */
export const IslandCollectorProvider = CollectorContext.Provider;

/** The element the build puts an island's own render into (islandSlot). */
const SLOT_TAG = 'template';

/** The exact markup of an island's empty slot, which the build replaces with the island's render. */
export const islandSlot = (key: string): string => `<${SLOT_TAG} data-island-slot="${key}"></${SLOT_TAG}>`;

/** The component's props (required when it has required ones): plain data, written into the page as JSON. */
export type IslandProps<P extends object> = { component: ComponentType<P>; load: IslandLoad } & (object extends P
  ? { props?: P }
  : { props: P });

export function Island<P extends object>({ component: Component, load, props }: IslandProps<P>) {
  const collector = useContext(CollectorContext);
  const key = useId();
  if (!collector) return <Component {...(props ?? ({} as P))} />;

  const name = collector.nameOf(Component);
  collector.add({ key, name, props: { ...props } });
  const Slot = SLOT_TAG;
  return (
    <div
      data-island={name}
      data-island-key={key}
      data-load={load}
      data-props={props === undefined ? undefined : JSON.stringify(props)}
    >
      <Slot data-island-slot={key} />
    </div>
  );
}
