export { QuotesCarousel, QUOTES_INTERVAL_MS, type QuotesCarouselProps } from './QuotesCarousel';
