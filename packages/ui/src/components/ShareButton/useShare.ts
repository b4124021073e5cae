/**
 * Share a page: the device's share sheet when there is one, otherwise the clipboard
 * (docs/product/screens.md#share-button). A share the visitor cancels is only logged.
 */
import { useCallback } from 'react';

export interface ShareContent {
  title: string;
  text?: string;
  /** Absolute URL of the page being shared. */
  url: string;
}

/** shared: the share sheet finished; copied: the clipboard fallback worked. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

function isCancel(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The page's absolute URL from its route path, the same in the app and in Storybook. */
export function pageUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/**
 * @returns share(content, copyText): opens the share sheet, or copies `copyText` (the URL by
 * default) when the device has none or refuses it.
 */
export function useShare() {
  return useCallback(async (content: ShareContent, copyText: string = content.url): Promise<ShareOutcome> => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(content);
        return 'shared';
      } catch (error) {
        if (isCancel(error)) {
          console.info('Share cancelled', error);
          return 'cancelled';
        }
        // e.g. NotAllowedError outside a user gesture: the clipboard still works.
        console.info('Share sheet unavailable, copying the link instead', error);
      }
    }
    try {
      await navigator.clipboard.writeText(copyText);
      return 'copied';
    } catch (error) {
      console.info('Copying to the clipboard failed', error);
      return 'failed';
    }
  }, []);
}
