/**
 * How the browser loads each island's root (components.ts names the same roots for the build):
 * one dynamic import each, so a page fetches the code of the islands it has and no other. A unit
 * test checks that every loader brings the very root the build rendered.
 */
import type { ComponentType } from 'react';
import type { IslandName } from './components';

type Root = ComponentType<Record<string, unknown>>;
const root = <T>(component: T) => component as unknown as Root;

export const islandLoaders: Record<IslandName, () => Promise<Root>> = {
  navbar: () => import('../layout/Navbar/Navbar').then((m) => root(m.Navbar)),
  floatingJoin: () => import('../layout/FloatingJoinButton/FloatingJoinButton').then((m) => root(m.FloatingJoinButton)),
  eventCarousel: () => import('../screens/home/EventSection/EventSection').then((m) => root(m.EventSection)),
  twoPathsSection: () => import('../screens/home/TwoPathsSection/TwoPathsSection').then((m) => root(m.TwoPathsSection)),
  quotes: () => import('../screens/home/QuotesCarousel/QuotesCarousel').then((m) => root(m.QuotesCarousel)),
  featuredProducts: () =>
    import('../screens/home/FeaturedProducts/FeaturedProducts').then((m) => root(m.FeaturedProductsIsland)),
  reviews: () => import('../screens/home/Reviews/Reviews').then((m) => root(m.ReviewsIsland)),
  joinForm: () => import('../screens/home/JoinForm/JoinForm').then((m) => root(m.JoinFormIsland)),
  themeSongPlayer: () => import('../components/AudioPlayer/ThemeSongPlayer').then((m) => root(m.ThemeSongPlayer)),
  shareButton: () => import('../components/ShareButton/ShareButton').then((m) => root(m.ShareButton)),
  imageZoom: () => import('../components/ImageZoom/ImageZoom').then((m) => root(m.ImageZoom)),
  practiceGuide: () => import('../screens/method/PracticeGuideButton').then((m) => root(m.PracticeGuideButton)),
  apparelShowcase: () => import('../screens/symbols/ApparelShowcase').then((m) => root(m.ApparelShowcase)),
  levelsLadder: () => import('../components/LevelsLadder/LevelsLadder').then((m) => root(m.LevelsLadder)),
  twoPathsExplorer: () => import('../screens/two-paths/TwoPathsPage').then((m) => root(m.TwoPathsExplorer)),
  mapFigures: () => import('../screens/map/MapFigures/MapFigures').then((m) => root(m.MapFiguresIsland)),
  movementMap: () => import('../screens/map/MovementMap/MovementMap').then((m) => root(m.MovementMapIsland)),
  signIn: () =>
    import('../screens/dashboard/SignedOut/SignedOutDashboard').then((m) => root(m.SignedOutDashboardIsland)),
};
