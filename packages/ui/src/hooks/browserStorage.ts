/**
 * Web Storage that never throws. Storage can be missing (server rendering) or refuse (privacy
 * modes, a full quota); then nothing is kept, which costs the visitor a little retyping or one
 * more sign-in, never a broken page.
 */
export type StorageKind = 'local' | 'session';

function storage(kind: StorageKind): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores each entry's value under its key; null removes the key. */
export function writeStored(kind: StorageKind, entries: Record<string, string | null>): void {
  const store = storage(kind);
  try {
    for (const [key, value] of Object.entries(entries)) {
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, value);
    }
  } catch {
    // Not kept: see above.
  }
}

/** Removes every key that starts with `prefix`. */
export function removeStoredPrefix(kind: StorageKind, prefix: string): void {
  const store = storage(kind);
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) if (key?.startsWith(prefix)) store.removeItem(key);
  } catch {
    // Nothing was kept to remove.
  }
}
