export { Carousel, type CarouselProps } from './Carousel';
export { useCarousel, type UseCarouselOptions, type CarouselState } from './useCarousel';
export { useMediaQuery } from './useMediaQuery';
export { nextIndex, prevIndex, lastStart, clampIndex } from './carouselIndex';
