/**
 * One of the bar's groups (Learn, Stories, Community). Until the visitor opens it, a plain button
 * that looks and announces itself like the menu's trigger: the dropdown (Radix Menu with its
 * positioning, focus and dismiss code) is a chunk of its own, fetched when the pointer comes over
 * the button or focus lands on it, and swapped in, open, when the visitor opens the group, with
 * the same keys and pointer press Radix's trigger answers.
 */
import { lazy, startTransition, Suspense, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useHydrated } from '../../hooks/useHydrated';
import { isGroupActive, type NavGroup as NavGroupItems } from '../navItems';
import { NoScriptMenu } from '../NoScriptMenu';
import { Caret, GroupButton } from './GroupButton';
import type { OpenedBy } from './NavGroupMenu';

const loadMenu = () => import('./NavGroupMenu');
const NavGroupMenu = lazy(async () => ({ default: (await loadMenu()).NavGroupMenu }));

/** The keys that open Radix's dropdown trigger. */
const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

export interface NavGroupProps {
  group: NavGroupItems;
  pathname: string;
}

export function NavGroup({ group, pathname }: NavGroupProps) {
  const [openedBy, setOpenedBy] = useState<OpenedBy>();
  // Before React holds the bar (or with no script at all), the button opens the plain list instead.
  const hydrated = useHydrated();
  const plainMenuId = `nav-group-${group.label.toLowerCase()}`;
  const preload = () => void loadMenu();
  const open = (by: OpenedBy) => {
    // A transition keeps this button (and its focus) on screen while the chunk loads.
    startTransition(() => setOpenedBy(by));
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || event.ctrlKey) return;
    // As Radix's trigger: the press does not move focus, the menu takes it.
    event.preventDefault();
    open('pointer');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!OPEN_KEYS.includes(event.key)) return;
    event.preventDefault();
    open('keyboard');
  };

  const button = (
    <GroupButton
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      aria-current={isGroupActive(group, pathname) ? 'true' : undefined}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      popoverTarget={hydrated ? undefined : plainMenuId}
    >
      {group.label}
      <Caret />
    </GroupButton>
  );
  // The boundary is on screen from the start, so the transition waits for the chunk with this
  // button shown instead of swapping in a fallback.
  return (
    <>
      <Suspense fallback={button}>
        {openedBy ? <NavGroupMenu group={group} pathname={pathname} openedBy={openedBy} /> : button}
      </Suspense>
      {hydrated ? null : <NoScriptMenu id={plainMenuId} label={group.label} links={group.items} />}
    </>
  );
}
