/**
 * What the admin screens do when the server answers 401: the session cookie expired (or was ended
 * elsewhere), so the browser's flag is cleared and /admin's guard sends the admin to sign in again.
 * And, built on it, how a failed admin write is told: the one place for the "Error …" toast.
 */
import { useCallback } from 'react';
import { useAdminSession } from '../../hooks/useAdminSession';
import { toast } from '../../primitives';
import { isUnauthorized, messageOr } from './adminErrors';

export function useSessionExpiry(): () => void {
  const { signOut } = useAdminSession();
  return useCallback(() => {
    signOut();
    toast({ title: 'Session expired', description: 'Please sign in again to continue.' });
  }, [signOut]);
}

/** How one write's failure is told. */
export interface AdminFailure {
  /** The toast's title, e.g. 'Error deleting participant'. */
  title: string;
  /** The toast's text when the server sent no message of its own. */
  fallback: string;
  /** Runs first when the session is still there: field errors to show, a list that is out of date. */
  also?: () => void;
}

/**
 * A failed admin write: an expired session signs the admin out (useSessionExpiry); anything else is
 * a destructive toast with the server's message, or the fallback.
 */
export function useAdminFailure(): (error: Error, failure: AdminFailure) => void {
  const expire = useSessionExpiry();
  return useCallback(
    (error, { title, fallback, also }) => {
      if (isUnauthorized(error)) return expire();
      also?.();
      toast({ title, description: messageOr(error, fallback), variant: 'destructive' });
    },
    [expire],
  );
}
