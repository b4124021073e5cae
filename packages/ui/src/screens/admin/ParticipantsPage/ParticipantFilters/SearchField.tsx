/**
 * The list's search box. What the admin types is sent once they pause (SEARCH_DEBOUNCE_MS), not
 * on every key: one request for 'okafor', not six. A search changed from outside (Clear filters,
 * Back) shows in the box.
 */
import { ADMIN_SEARCH_MAX } from '@prr/contract';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../../primitives';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  /** The search the list shows. */
  value: string;
  onSearch: (text: string) => void;
}

export function SearchField({ value, onSearch }: SearchFieldProps) {
  const [text, setText] = useState(value);
  // The last search this box sent, to tell its own change coming back from one made elsewhere.
  const sent = useRef(value);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      onSearch(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <TextField
      label="Search"
      type="search"
      hint="Name, email or ZIP code"
      autoComplete="off"
      maxLength={ADMIN_SEARCH_MAX}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
