/**
 * The browser's admin flag and name (docs/decisions/002-admin-session-server-side.md). The real session is the
 * server's HttpOnly cookie; this flag is only the UI's hint for whether to show /admin or send the
 * visitor to /admin/login, so it holds nothing secret. localStorage keeps it across tabs and reloads,
 * like the cookie.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { forgetAdminReads } from '../api/adminSession';
import { readStored, writeStored } from './browserStorage';

export const ADMIN_FLAG_KEY = 'prr.admin';
export const ADMIN_NAME_KEY = 'prr.adminName';
/** The header's name when none was stored (docs/product/screens.md#admin-dashboard: default 'Admin'). */
export const DEFAULT_ADMIN_NAME = 'Admin';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * One string snapshot (stable between calls, as useSyncExternalStore needs): null when signed out,
 * otherwise the stored name ('' when none was stored). A blocked storage means nobody is signed in.
 */
function read(): string | null {
  if (readStored('local', ADMIN_FLAG_KEY) !== 'true') return null;
  return readStored('local', ADMIN_NAME_KEY) ?? '';
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

function signIn(name: string): void {
  // A blocked storage leaves the admin signed out in the UI; the next /admin visit asks again.
  writeStored('local', { [ADMIN_FLAG_KEY]: 'true', [ADMIN_NAME_KEY]: name.trim() });
  notify();
}

function signOut(): void {
  writeStored('local', { [ADMIN_FLAG_KEY]: null, [ADMIN_NAME_KEY]: null });
  notify();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes localStorage without calling our functions.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ADMIN_FLAG_KEY || event.key === ADMIN_NAME_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Outside React: stories and tests put the session in a known state before rendering. */
export const adminSessionStore = { read, signIn, signOut };

export interface AdminSessionState {
  /** The stored flag: the UI believes an admin is signed in. */
  isAdmin: boolean;
  /** The stored name, or 'Admin'. */
  adminName: string;
  signIn: (name: string) => void;
  /** Clears the flag and name and drops the cached admin reads: the one way the UI ends a session. */
  signOut: () => void;
}

export function useAdminSession(): AdminSessionState {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(subscribe, read, () => null);
  return {
    isAdmin: snapshot !== null,
    adminName: snapshot || DEFAULT_ADMIN_NAME,
    signIn: useCallback((name: string) => signIn(name), []),
    // Logout and an expired session both come here (useSessionExpiry), so neither can forget to
    // drop what the admin's session had read.
    signOut: useCallback(() => {
      forgetAdminReads(queryClient);
      signOut();
    }, [queryClient]),
  };
}
