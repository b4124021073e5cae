/**
 * Every island of the static pages, by name (docs/decisions/031-islands.md): the component a page
 * puts in an <Island>, and the root the build renders and the browser hydrates for it, when that
 * differs (an island that reads the API gets the page's query client around it). Imported by the
 * build only; the browser finds the same roots through loaders.ts, one chunk each.
 */
import type { ReactNode } from 'react';
import { ImageZoom } from '../components/ImageZoom/ImageZoom';
import { LevelsLadder } from '../components/LevelsLadder/LevelsLadder';
import { ShareButton } from '../components/ShareButton/ShareButton';
import { ThemeSongPlayer } from '../components/AudioPlayer/ThemeSongPlayer';
import { FloatingJoinButton } from '../layout/FloatingJoinButton/FloatingJoinButton';
import { Navbar } from '../layout/Navbar/Navbar';
import { EventSection } from '../screens/home/EventSection/EventSection';
import { FeaturedProducts, FeaturedProductsIsland } from '../screens/home/FeaturedProducts/FeaturedProducts';
import { JoinForm, JoinFormIsland } from '../screens/home/JoinForm/JoinForm';
import { QuotesCarousel } from '../screens/home/QuotesCarousel/QuotesCarousel';
import { Reviews, ReviewsIsland } from '../screens/home/Reviews/Reviews';
import { TwoPathsSection } from '../screens/home/TwoPathsSection/TwoPathsSection';
import { MapFigures, MapFiguresIsland } from '../screens/map/MapFigures/MapFigures';
import { MovementMap, MovementMapIsland } from '../screens/map/MovementMap/MovementMap';
import { SignedOutDashboard, SignedOutDashboardIsland } from '../screens/dashboard/SignedOut/SignedOutDashboard';
import { PracticeGuideButton } from '../screens/method/PracticeGuideButton';
import { ApparelShowcase } from '../screens/symbols/ApparelShowcase';
import { TwoPathsExplorer } from '../screens/two-paths/TwoPathsPage';

/** A component as a page places it, the root rendered for it as an island, and whether it reads the API. */
type AnyComponent = (props: never) => ReactNode;

export interface IslandEntry {
  component: AnyComponent;
  root: AnyComponent;
  /** Reads the API: its root brings a query client, and its code TanStack Query and the contract's zod schemas. */
  readsApi?: true;
}

const same = (component: AnyComponent): IslandEntry => ({ component, root: component });
const readingApi = (component: AnyComponent, root: AnyComponent): IslandEntry => ({ component, root, readsApi: true });

export const islandComponents = {
  navbar: same(Navbar),
  floatingJoin: same(FloatingJoinButton),
  eventCarousel: same(EventSection),
  twoPathsSection: same(TwoPathsSection),
  quotes: same(QuotesCarousel),
  featuredProducts: readingApi(FeaturedProducts, FeaturedProductsIsland),
  reviews: readingApi(Reviews, ReviewsIsland),
  joinForm: readingApi(JoinForm, JoinFormIsland),
  themeSongPlayer: same(ThemeSongPlayer),
  shareButton: same(ShareButton),
  imageZoom: same(ImageZoom),
  practiceGuide: same(PracticeGuideButton),
  apparelShowcase: same(ApparelShowcase),
  levelsLadder: same(LevelsLadder),
  twoPathsExplorer: same(TwoPathsExplorer),
  mapFigures: readingApi(MapFigures, MapFiguresIsland),
  movementMap: readingApi(MovementMap, MovementMapIsland),
  signIn: readingApi(SignedOutDashboard, SignedOutDashboardIsland),
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof islandComponents;

const names = new Map<unknown, IslandName>(
  (Object.entries(islandComponents) as [IslandName, IslandEntry][]).map(([name, entry]) => [entry.component, name]),
);

/** The registry's name for a component a page put in an <Island>; a component it lacks fails the build. */
export function islandNameOf(component: unknown): IslandName {
  const name = names.get(component);
  if (!name) throw new Error('An <Island> holds a component that is not in islands/components.ts');
  return name;
}
