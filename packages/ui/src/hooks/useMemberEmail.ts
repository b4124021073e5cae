/**
 * The e-mail a member joined or signed in with, kept for the browser session so the e-mail entry
 * can offer it again (e.g. once the session has ended). It opens nothing by itself: the member
 * session cookie does. sessionStorage, not localStorage: on a shared device it should not outlive
 * the tab, and signing out forgets it at once.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { readStored, writeStored } from './browserStorage';

export const MEMBER_EMAIL_KEY = 'prr.memberEmail';

type Listener = () => void;
const listeners = new Set<Listener>();

const read = (): string | null => readStored('session', MEMBER_EMAIL_KEY) || null;

function write(email: string | null): void {
  // A full or blocked storage only costs the member one more e-mail entry.
  writeStored('session', { [MEMBER_EMAIL_KEY]: email });
  listeners.forEach((listener) => listener());
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Outside React: stories and tests put the session in a known state before rendering. */
export const memberEmailStore = {
  read,
  remember: (email: string) => write(email.trim() || null),
  forget: () => write(null),
};

export interface MemberEmail {
  /** The remembered e-mail, or null when the member has not identified themselves yet. */
  email: string | null;
  remember: (email: string) => void;
  forget: () => void;
}

export function useMemberEmail(): MemberEmail {
  const email = useSyncExternalStore(subscribe, read, () => null);
  return {
    email,
    remember: useCallback((value: string) => memberEmailStore.remember(value), []),
    forget: useCallback(() => memberEmailStore.forget(), []),
  };
}
