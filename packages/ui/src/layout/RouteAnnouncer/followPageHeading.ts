/**
 * Watches a newly shown page's h1 for a while after a navigation (the page's chunk, then its data,
 * may arrive later). `onFirst` runs once: when the first h1 renders, or when time runs out without
 * one. With `moveFocus`, that h1 receives focus unless the page has already put focus inside
 * itself (a form's first field), and an h1 that replaces the focused one takes focus over, as long
 * as the visitor has not moved it meanwhile: the dashboard's loading frame has its own heading,
 * and removing a focused element leaves focus nowhere. Returns the function that stops watching.
 */
export interface FollowPageHeadingOptions {
  moveFocus: boolean;
  timeoutMs: number;
  onFirst: () => void;
}

export function followPageHeading(
  content: HTMLElement,
  { moveFocus, timeoutMs, onFirst }: FollowPageHeadingOptions,
): () => void {
  let seen: HTMLElement | null = null;
  let focused: HTMLElement | null = null;

  const check = () => {
    const heading = content.querySelector('h1');
    if (!heading || heading === seen) return;
    const first = seen === null;
    seen = heading;
    if (moveFocus && (first ? !containsFocus(content) : focused !== null && lostFocus(focused))) {
      focusWithoutScrolling(heading);
      focused = heading;
    }
    if (first) onFirst();
  };

  const observer = new MutationObserver(check);
  const timer = window.setTimeout(() => {
    stop();
    if (seen === null) onFirst();
  }, timeoutMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(content, { childList: true, subtree: true });
  check();
  return stop;
}

function containsFocus(content: HTMLElement): boolean {
  const active = document.activeElement;
  return active !== null && active !== content && content.contains(active);
}

/** The element had focus and was removed, so focus fell back to the document. */
function lostFocus(element: HTMLElement): boolean {
  const active = document.activeElement;
  return !element.isConnected && (active === null || active === document.body);
}

function focusWithoutScrolling(element: HTMLElement) {
  // Focusable by script only, so Tab never stops on the heading.
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}
