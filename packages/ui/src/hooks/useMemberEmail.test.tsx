import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MEMBER_EMAIL_KEY, memberEmailStore, useMemberEmail } from './useMemberEmail';

describe('useMemberEmail', () => {
  beforeEach(() => sessionStorage.clear());

  it('starts empty when nothing is stored', () => {
    const { result } = renderHook(() => useMemberEmail());
    expect(result.current.email).toBeNull();
  });

  it('reads an e-mail kept earlier in the session (a reload does not ask again)', () => {
    sessionStorage.setItem(MEMBER_EMAIL_KEY, 'jordan@example.com');
    const { result } = renderHook(() => useMemberEmail());
    expect(result.current.email).toBe('jordan@example.com');
  });

  it('remembers a trimmed e-mail in sessionStorage and forgets it again', () => {
    const { result } = renderHook(() => useMemberEmail());
    act(() => result.current.remember('  jordan@example.com '));
    expect(result.current.email).toBe('jordan@example.com');
    expect(sessionStorage.getItem(MEMBER_EMAIL_KEY)).toBe('jordan@example.com');
    expect(localStorage.getItem(MEMBER_EMAIL_KEY)).toBeNull();

    act(() => result.current.forget());
    expect(result.current.email).toBeNull();
    expect(sessionStorage.getItem(MEMBER_EMAIL_KEY)).toBeNull();
  });

  it('keeps every component that uses it in step', () => {
    const first = renderHook(() => useMemberEmail());
    const second = renderHook(() => useMemberEmail());
    act(() => memberEmailStore.remember('priya.natarajan@example.com'));
    expect(first.result.current.email).toBe('priya.natarajan@example.com');
    expect(second.result.current.email).toBe('priya.natarajan@example.com');
  });

  it('treats a blank e-mail as none', () => {
    const { result } = renderHook(() => useMemberEmail());
    act(() => result.current.remember('   '));
    expect(result.current.email).toBeNull();
  });
});
