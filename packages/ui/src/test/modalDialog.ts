/**
 * A modal dialog once a visitor can use it. As a Radix modal opens, it turns pointer events off on
 * the page (an effect), and on again for its own layer in the render that follows; a click that
 * lands between the two meets `pointer-events: none`, which user-event refuses. This waits for that
 * second render (the layer's own `pointer-events: auto`), not for time.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

export async function findModalDialog(name: string | RegExp): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'));
  return dialog;
}
