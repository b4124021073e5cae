/**
 * Scrolling on route changes (docs/product/screens.md#routes): a new page scrolls smoothly to the
 * top (instantly under reduced motion), or, when the URL names a section (/#about from the footer),
 * to that section once the lazily loaded page has rendered it, and focus moves there. Back and
 * Forward restore the position the visitor left (RouteScrollRestoration), so they scroll nothing
 * here; neither does the first page load, except to a section the URL names.
 */
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigationType } from 'react-router-dom';
import { scrollToId, scrollToTop } from '../../motion/scroll';
import { RouteScrollRestoration } from './RouteScrollRestoration';
import { whenRendered } from './whenRendered';

/** How long to wait for a lazily loaded page to render the section a link points at. */
const SECTION_WAIT_MS = 5000;

export function ScrollToTop() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  // Restoring positions needs a data router (the app's); Storybook and most tests use a MemoryRouter.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const lastKey = useRef<string | null>(null);

  useEffect(() => {
    // The same key again is React re-running the effect (StrictMode), not a navigation.
    const firstLoad = lastKey.current === null || lastKey.current === key;
    lastKey.current = key;
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (navigationType === 'POP' && !(firstLoad && id)) return undefined;
    if (!id) {
      scrollToTop();
      return undefined;
    }
    return whenRendered(
      () => document.getElementById(id),
      () => scrollToId(id),
      { root: document.body, timeoutMs: SECTION_WAIT_MS },
    );
    // `key` re-runs this when the same link is followed again.
  }, [pathname, hash, key, navigationType]);

  return dataRouter ? <RouteScrollRestoration /> : null;
}
