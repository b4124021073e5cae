/**
 * Narrow screens: a menu button opening a side panel that lists every page flat. The panel (Radix
 * Dialog and its focus trap) is its own chunk, fetched when the button is hovered, focused or
 * pressed, so no visitor downloads it before they reach for the menu.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import styled from 'styled-components';
import { useHydrated } from '../../hooks/useHydrated';
import { flatLinks } from '../navItems';
import { NoScriptMenu } from '../NoScriptMenu';

/** The plain list the button opens before React holds the bar (NoScriptMenu). */
const PLAIN_MENU_ID = 'site-menu';

const loadPanel = () => import('./MobileMenuPanel');
const MobileMenuPanel = lazy(async () => ({ default: (await loadPanel()).MobileMenuPanel }));

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadPanel();
  const hydrated = useHydrated();

  return (
    <>
      <MenuButton
        ref={buttonRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
        popoverTarget={hydrated ? undefined : PLAIN_MENU_ID}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span aria-hidden="true">Menu</span>
      </MenuButton>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuPanel onClose={() => setOpen(false)} returnFocusTo={buttonRef} />
        </Suspense>
      )}
      {hydrated ? null : <NoScriptMenu id={PLAIN_MENU_ID} label="Menu" links={flatLinks} />}
    </>
  );
}

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font-weight: 700;
  cursor: pointer;
`;
