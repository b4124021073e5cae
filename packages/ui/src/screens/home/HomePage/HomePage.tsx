/**
 * The home page, in the order of docs/product/screens.md#home: hero, the method film, FUNFest 2025, the Two Paths, quotes,
 * about, products, reviews and the join form. The navigation bar and footer come from the page's frame.
 * What a visitor can touch is an island (docs/decisions/031-islands.md), hydrated as it scrolls
 * near; the hero's timed reveal is CSS and needs none.
 */
import { Island } from '../../../islands/Island';
import { AboutSection } from '../AboutSection';
import { methodVideoThumbnail, methodVideoUrl } from '../content';
import { EventSection } from '../EventSection';
import { FeaturedProducts } from '../FeaturedProducts';
import { Hero } from '../Hero';
import { JoinForm } from '../JoinForm';
import { QuotesCarousel } from '../QuotesCarousel';
import { Reviews } from '../Reviews';
import { sectionIds } from '../sectionIds';
import { TwoPathsSection } from '../TwoPathsSection';
import { VideoSection } from '../VideoSection';

export function HomePage() {
  return (
    <>
      <Hero />
      <VideoSection
        id={sectionIds.video}
        title="See the Method"
        description="Three minutes, three words. Watch how one pause can turn a shouting match into a conversation, and how anyone can learn to take it."
        videoUrl={methodVideoUrl}
        thumbnailUrl={methodVideoThumbnail}
      />
      <Island component={EventSection} load="visible" />
      <Island component={TwoPathsSection} load="visible" />
      <Island component={QuotesCarousel} load="visible" />
      <AboutSection />
      <Island component={FeaturedProducts} load="visible" />
      <Island component={Reviews} load="visible" />
      <Island component={JoinForm} load="visible" />
    </>
  );
}
