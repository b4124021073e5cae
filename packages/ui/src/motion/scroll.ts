/**
 * Scrolling that respects reduced motion: smooth by default, instant when the visitor asked for
 * less motion. Targets reached by a button also receive focus, so keyboard and screen-reader
 * users land where sighted users are taken.
 */
import { prefersReducedMotion } from './useReducedMotion';

export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'instant' : 'smooth';
}

export function scrollToTop() {
  window.scrollTo({ top: 0, left: 0, behavior: scrollBehavior() });
}

/** Scrolls to the element with `id` and moves focus to it; false when it is not on the page. */
export function scrollToId(id: string, { focus = true }: { focus?: boolean } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  if (focus) {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }
  return true;
}
