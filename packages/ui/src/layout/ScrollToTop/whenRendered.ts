/**
 * Waits for an element a lazily loaded page has yet to render (its chunk, then its data, may
 * arrive after the route changes): calls `onFound` with it as soon as `find` returns it, or
 * `onTimeout` once `timeoutMs` have passed without it. Returns the function that stops waiting,
 * for an effect's cleanup.
 */
export interface WhenRenderedOptions {
  /** Where the element will appear; changes anywhere below it are watched. */
  root: Node;
  timeoutMs: number;
  onTimeout?: () => void;
}

export function whenRendered<T>(
  find: () => T | null | undefined,
  onFound: (element: T) => void,
  { root, timeoutMs, onTimeout }: WhenRenderedOptions,
): () => void {
  const now = find();
  if (now) {
    onFound(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const found = find();
    if (!found) return;
    stop();
    onFound(found);
  });
  const timer = window.setTimeout(() => {
    stop();
    onTimeout?.();
  }, timeoutMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}
