/**
 * The key of an e-mail's link (`/dashboard#key=…`), read once and kept in memory only: it is
 * taken out of the address bar at once (the history entry replaced, path and query kept), so it
 * stays in no history entry, bookmark or shared address (docs/decisions/025-e-mail-key-flow.md).
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fragmentWithoutKey, keyInFragment } from './keyFragment';

export interface EmailKey {
  /** The key being followed, or null. */
  key: string | null;
  /** Done with it: used, declined, or no longer any good. */
  drop: () => void;
}

export function useEmailKey(): EmailKey {
  const location = useLocation();
  const navigate = useNavigate();
  // Null at first, as the server rendered the page (it never sees the fragment): the key is taken
  // from the address once hydrated, so hydration finds the page the server sent.
  const [key, setKey] = useState<string | null>(null);

  useEffect(() => {
    const arrived = keyInFragment(location.hash);
    if (arrived === null) return;
    // A link followed while the page is open replaces the key being followed.
    setKey(arrived);
    void navigate(
      { pathname: location.pathname, search: location.search, hash: fragmentWithoutKey(location.hash) },
      { replace: true, state: location.state },
    );
  }, [location.hash, location.pathname, location.search, location.state, navigate]);

  const drop = useCallback(() => setKey(null), []);
  return { key, drop };
}
