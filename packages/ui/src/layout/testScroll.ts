/** Test helper: pretend the window is scrolled to `y` and tell listeners. */
import { act, fireEvent } from '@testing-library/react';

export function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
    fireEvent.scroll(window);
  });
}
