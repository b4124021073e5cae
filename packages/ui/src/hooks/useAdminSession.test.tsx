import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../providers';
import { ADMIN_FLAG_KEY, ADMIN_NAME_KEY, adminSessionStore, useAdminSession } from './useAdminSession';

afterEach(() => localStorage.clear());

/** Signing out also drops the admin's cached reads, so the hook needs a query client. */
function renderSession() {
  const queryClient = createQueryClient();
  return renderHook(() => useAdminSession(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  });
}

describe('useAdminSession', () => {
  it('is signed out with the default name when nothing is stored', () => {
    const { result } = renderSession();
    expect(result.current.isAdmin).toBe(false);
    expect(result.current.adminName).toBe('Admin');
  });

  it('stores the flag and the name on sign-in and clears both on sign-out', () => {
    const { result } = renderSession();

    act(() => result.current.signIn('  Maya Chen '));
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
    expect(localStorage.getItem(ADMIN_NAME_KEY)).toBe('Maya Chen');
    expect(result.current).toMatchObject({ isAdmin: true, adminName: 'Maya Chen' });

    act(() => result.current.signOut());
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_NAME_KEY)).toBeNull();
    expect(result.current).toMatchObject({ isAdmin: false, adminName: 'Admin' });
  });

  it('falls back to "Admin" when the flag is stored without a name', () => {
    localStorage.setItem(ADMIN_FLAG_KEY, 'true');
    const { result } = renderSession();
    expect(result.current).toMatchObject({ isAdmin: true, adminName: 'Admin' });
  });

  it('ignores a flag with any value but "true"', () => {
    localStorage.setItem(ADMIN_FLAG_KEY, 'yes');
    expect(adminSessionStore.read()).toBeNull();
  });

  it('updates every component using it, including after another tab signs out', () => {
    const first = renderSession();
    const second = renderSession();

    act(() => adminSessionStore.signIn('Admin'));
    expect(first.result.current.isAdmin).toBe(true);
    expect(second.result.current.isAdmin).toBe(true);

    // Another tab removes the keys: only the storage event tells this tab.
    localStorage.removeItem(ADMIN_FLAG_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: ADMIN_FLAG_KEY }));
    });
    expect(first.result.current.isAdmin).toBe(false);
    expect(second.result.current.isAdmin).toBe(false);
  });

  it('treats a storage that throws as signed out instead of crashing', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const { result } = renderSession();
    expect(result.current.isAdmin).toBe(false);
  });
});
