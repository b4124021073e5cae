/**
 * A form's unsaved values, kept in sessionStorage so they outlive whatever unmounts the form:
 * switching dashboard tabs (Radix mounts only the open tab), a reload, a crashed tab the browser
 * restores. sessionStorage, as for the member's e-mail: personal words should not outlive the tab
 * on a shared device.
 */
import { useCallback, useEffect, useState } from 'react';
import { readStored, removeStoredPrefix, writeStored } from './browserStorage';

const DRAFT_PREFIX = 'prr.draft.';

/** Outside React: stories and tests start every case without drafts. */
export const draftStore = {
  keyOf: (name: string) => DRAFT_PREFIX + name,
  clearAll: () => removeStoredPrefix('session', DRAFT_PREFIX),
};

/** Turns what was stored back into a draft, or undefined when it no longer fits the form. */
export type DraftParser<T> = (stored: unknown) => T | undefined;

function readDraft<T>(name: string, parse: DraftParser<T>): T | undefined {
  const stored = readStored('session', draftStore.keyOf(name));
  if (stored === null) return undefined;
  try {
    return parse(JSON.parse(stored));
  } catch {
    return undefined;
  }
}

export interface Draft<T> {
  value: T;
  update: (change: (current: T) => T) => void;
  /** Back to `empty` and nothing kept: after a successful save (also when the form is gone by then). */
  clear: () => void;
}

/**
 * @param name one draft per name (e.g. per member), so two members on one device never share one
 * @param empty the form's empty values; a stable reference: while the value is it, nothing is kept
 */
export function useDraft<T>(name: string, empty: T, parse: DraftParser<T>): Draft<T> {
  const [state, setState] = useState(() => ({ name, value: readDraft(name, parse) ?? empty }));
  let current = state;
  if (state.name !== name) {
    // Another draft's form: adjust during render rather than show the old one for a frame.
    current = { name, value: readDraft(name, parse) ?? empty };
    setState(current);
  }
  const { value } = current;

  useEffect(() => {
    writeStored('session', { [draftStore.keyOf(name)]: value === empty ? null : JSON.stringify(value) });
  }, [name, value, empty]);

  const update = useCallback((change: (current: T) => T) => {
    setState((previous) => ({ name: previous.name, value: change(previous.value) }));
  }, []);
  const clear = useCallback(() => {
    // Removed at once: after an unmount no effect would run to do it.
    writeStored('session', { [draftStore.keyOf(name)]: null });
    setState((previous) => ({ name: previous.name, value: empty }));
  }, [name, empty]);
  return { value, update, clear };
}
