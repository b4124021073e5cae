/**
 * renderWithProviders with a user-event instance that does not wait between keystrokes: the
 * member screens' tests type and click a lot, and on a busy machine those waits alone approach
 * the test timeout.
 */
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderWithProviders, type RenderWithProvidersOptions } from '../../test';

export function renderScreen(ui: ReactElement, options?: RenderWithProvidersOptions) {
  return { ...renderWithProviders(ui, options), user: userEvent.setup({ delay: null }) };
}

export type ScreenUser = ReturnType<typeof renderScreen>['user'];
