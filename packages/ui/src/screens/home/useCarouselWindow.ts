/**
 * The product and review carousels show a window of 3 items (docs/product/screens.md#featured-products). On phones three cards side by
 * side would be unreadable, so narrow screens show one at a time with the same index rules.
 */
import { useMediaQuery } from '../../primitives';
import { theme } from '../../theme';

export const WIDE_WINDOW = 3;

export function useCarouselWindow(): number {
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, true);
  return wide ? WIDE_WINDOW : 1;
}
