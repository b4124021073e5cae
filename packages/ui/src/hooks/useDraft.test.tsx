import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftStore, useDraft } from './useDraft';

interface Note {
  text: string;
}
const EMPTY: Note = { text: '' };
const parseNote = (stored: unknown): Note | undefined =>
  typeof stored === 'object' && stored !== null && typeof (stored as Note).text === 'string'
    ? { text: (stored as Note).text }
    : undefined;
const stored = (name: string) => sessionStorage.getItem(draftStore.keyOf(name));

describe('useDraft', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps nothing while the form is empty, and every change once it is not', () => {
    const { result } = renderHook(() => useDraft('note.1', EMPTY, parseNote));
    expect(result.current.value).toBe(EMPTY);
    expect(stored('note.1')).toBeNull();
    act(() => result.current.update(() => ({ text: 'first words' })));
    expect(result.current.value).toEqual({ text: 'first words' });
    expect(stored('note.1')).toBe('{"text":"first words"}');
    expect(localStorage.getItem(draftStore.keyOf('note.1'))).toBeNull();
  });

  it('starts from the kept draft, and clear() forgets it at once', () => {
    sessionStorage.setItem(draftStore.keyOf('note.1'), '{"text":"kept"}');
    const { result, unmount } = renderHook(() => useDraft('note.1', EMPTY, parseNote));
    expect(result.current.value).toEqual({ text: 'kept' });
    const { clear } = result.current;
    unmount();
    // As when a save finishes after the form has gone: no effect runs any more.
    clear();
    expect(stored('note.1')).toBeNull();
  });

  it('drops a kept draft that is not JSON or does not parse', () => {
    sessionStorage.setItem(draftStore.keyOf('a'), '{not json');
    sessionStorage.setItem(draftStore.keyOf('b'), '{"text":7}');
    expect(renderHook(() => useDraft('a', EMPTY, parseNote)).result.current.value).toBe(EMPTY);
    expect(renderHook(() => useDraft('b', EMPTY, parseNote)).result.current.value).toBe(EMPTY);
  });

  it('switches to the other draft when the name changes', () => {
    sessionStorage.setItem(draftStore.keyOf('note.2'), '{"text":"second member"}');
    const { result, rerender } = renderHook(({ name }) => useDraft(name, EMPTY, parseNote), {
      initialProps: { name: 'note.1' },
    });
    act(() => result.current.update(() => ({ text: 'first member' })));
    rerender({ name: 'note.2' });
    expect(result.current.value).toEqual({ text: 'second member' });
    rerender({ name: 'note.1' });
    expect(result.current.value).toEqual({ text: 'first member' });
  });

  it('works in memory when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const { result } = renderHook(() => useDraft('note.1', EMPTY, parseNote));
    act(() => result.current.update(() => ({ text: 'still here' })));
    expect(result.current.value).toEqual({ text: 'still here' });
    vi.restoreAllMocks();
  });

  it('clearAll removes every draft and nothing else', () => {
    sessionStorage.setItem(draftStore.keyOf('x'), '{}');
    sessionStorage.setItem(draftStore.keyOf('y'), '{}');
    sessionStorage.setItem('prr.memberEmail', 'jordan@example.com');
    draftStore.clearAll();
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem('prr.memberEmail')).toBe('jordan@example.com');
  });
});
