/**
 * Narrow screens: a menu button opening a side panel that lists every page flat. The panel (Radix
 * Dialog and its focus trap) is its own chunk, fetched when the button is hovered, focused or
 * pressed, so no visitor downloads it before they reach for the menu.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import styled from 'styled-components';

const loadPanel = () => import('./MobileMenuPanel');
const MobileMenuPanel = lazy(async () => ({ default: (await loadPanel()).MobileMenuPanel }));

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadPanel();

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
