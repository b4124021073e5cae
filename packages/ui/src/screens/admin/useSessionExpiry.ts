/**
 * What the admin screens do when the server answers 401: the session cookie expired (or was ended
 * elsewhere), so the browser's flag is cleared and /admin's guard sends the admin to sign in again.
 */
import { useCallback } from 'react';
import { useAdminSession } from '../../hooks/useAdminSession';
import { toast } from '../../primitives';

export function useSessionExpiry(): () => void {
  const { signOut } = useAdminSession();
  return useCallback(() => {
    signOut();
    toast({ title: 'Session expired', description: 'Please sign in again to continue.' });
  }, [signOut]);
}
