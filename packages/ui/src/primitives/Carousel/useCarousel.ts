/**
 * The state of every carousel on the site: which window of items shows, and whether it rotates.
 * Rotation follows WCAG 2.2.2 and docs/decisions/017-motion.md: it stops while the pointer is over the carousel or
 * focus is inside it, when the visitor presses Pause, and never starts under reduced motion.
 * Each move restarts the interval, so a manual step is never followed by an instant jump.
 */
import { useCallback, useEffect, useState, type FocusEvent } from 'react';
import { useReducedMotion } from '../../motion/useReducedMotion';
import { clampIndex, lastStart, nextIndex, prevIndex } from './carouselIndex';

export interface UseCarouselOptions {
  count: number;
  /** How many items show at once (3 for products and reviews, 1 for quotes and event images). */
  windowSize?: number;
  /** Auto-advance interval; omit for a carousel that only moves when asked. */
  intervalMs?: number;
}

/** Marks the pause/play button: focusing it must not count as "focus inside" (else Play could never resume). */
export const ROTATION_CONTROL_ATTR = 'data-carousel-rotation-control';

export function useCarousel({ count, windowSize = 1, intervalMs }: UseCarouselOptions) {
  const reducedMotion = useReducedMotion();
  const [storedIndex, setStoredIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);

  const index = clampIndex(storedIndex, count, windowSize);
  const pageCount = lastStart(count, windowSize) + 1;
  /** Whether this carousel moves on its own at all (and so needs a pause control). */
  const rotates = intervalMs !== undefined && intervalMs > 0 && pageCount > 1 && !reducedMotion;
  const playing = rotates && !userPaused && !hovered && !focusInside;

  const next = useCallback(
    () => setStoredIndex((i) => nextIndex(clampIndex(i, count, windowSize), count, windowSize)),
    [count, windowSize],
  );
  const prev = useCallback(
    () => setStoredIndex((i) => prevIndex(clampIndex(i, count, windowSize), count, windowSize)),
    [count, windowSize],
  );
  const goTo = useCallback(
    (target: number) => setStoredIndex(clampIndex(target, count, windowSize)),
    [count, windowSize],
  );
  const togglePaused = useCallback(() => setUserPaused((paused) => !paused), []);

  useEffect(() => {
    if (!playing) return undefined;
    const timer = window.setTimeout(next, intervalMs);
    return () => window.clearTimeout(timer);
  }, [playing, index, intervalMs, next]);

  /** Spread on the element that wraps the whole carousel, controls included. */
  const regionProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: (event: FocusEvent<HTMLElement>) =>
      setFocusInside(!(event.target instanceof Element && event.target.hasAttribute(ROTATION_CONTROL_ATTR))),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
        setFocusInside(false);
    },
  };

  return {
    index,
    count,
    windowSize,
    pageCount,
    rotates,
    playing,
    userPaused,
    next,
    prev,
    goTo,
    togglePaused,
    regionProps,
  };
}

export type CarouselState = ReturnType<typeof useCarousel>;
