/**
 * On every route change: scroll smoothly to the top (instantly under reduced motion), or, when
 * the URL names a section (/#about from the footer), to that section once the lazily loaded page
 * has rendered it.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollToId, scrollToTop } from '../../motion/scroll';

/** How long to wait for a lazily loaded page to render the section a link points at. */
const SECTION_WAIT_MS = 5000;

export function ScrollToTop() {
  const { pathname, hash, key } = useLocation();

  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) {
      scrollToTop();
      return undefined;
    }
    if (scrollToId(id)) return undefined;
    const observer = new MutationObserver(() => {
      if (scrollToId(id)) stop();
    });
    const timer = window.setTimeout(() => stop(), SECTION_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
    // `key` re-runs this when the same link is followed again.
  }, [pathname, hash, key]);

  return null;
}
