/**
 * The key of an e-mail's link (`/dashboard#key=…`), read once and kept in memory only: it is
 * taken out of the address bar at once (the history entry replaced, path and query kept), so it
 * stays in no history entry, bookmark or shared address (docs/decisions/025-e-mail-key-flow.md).
 * The same in the client app (its router's address) and on the signed-out page's island (the
 * window's): through the site's navigation, without react-router.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSiteLocation, useSiteNavigate } from '../../../navigation';
import { fragmentWithoutKey, keyInFragment } from './keyFragment';

export interface EmailKey {
  /** The key being followed, or null. */
  key: string | null;
  /** Done with it: used, declined, or no longer any good. */
  drop: () => void;
}

export function useEmailKey(): EmailKey {
  const { pathname, search, hash } = useSiteLocation();
  const navigate = useSiteNavigate();
  // Null at first, as the server rendered the page (it never sees the fragment): the key is taken
  // from the address once hydrated, so hydration finds the page the server sent.
  const [key, setKey] = useState<string | null>(null);

  useEffect(() => {
    const arrived = keyInFragment(hash);
    if (arrived === null) return;
    // A link followed while the page is open replaces the key being followed.
    setKey(arrived);
    navigate(`${pathname}${search}${fragmentWithoutKey(hash)}`, { replace: true });
  }, [hash, pathname, search, navigate]);

  const drop = useCallback(() => setKey(null), []);
  return { key, drop };
}
