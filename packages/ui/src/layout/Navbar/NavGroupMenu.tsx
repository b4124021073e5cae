/**
 * A group's dropdown (Radix DropdownMenu, keyboard operable, not modal). Its own chunk: NavGroup
 * mounts it, already open, the first time the visitor opens the group, and it stays mounted after.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { SiteLink } from '../../navigation';
import styled from 'styled-components';
import { isGroupActive, isLinkActive, type NavGroup } from '../navItems';
import { Caret, GroupButton } from './GroupButton';

export type OpenedBy = 'pointer' | 'keyboard';

export interface NavGroupMenuProps {
  group: NavGroup;
  pathname: string;
  /** How the visitor opened the group before this chunk had loaded. */
  openedBy: OpenedBy;
}

export function NavGroupMenu({ group, pathname, openedBy }: NavGroupMenuProps) {
  // Radix focuses the first item of a menu opened from the keyboard when it saw that key itself.
  // The key that opened this menu came before it was mounted, so the first item takes focus here,
  // as it is attached; Radix's focus scope then finds focus inside and leaves it there.
  const focusFirstItem = useRef(openedBy === 'keyboard');
  const focusOnce = (item: HTMLAnchorElement | null) => {
    if (!item || !focusFirstItem.current) return;
    focusFirstItem.current = false;
    item.focus({ preventScroll: true });
  };
  const active = isGroupActive(group, pathname);
  return (
    // Not modal: the rest of the bar stays usable and nothing else is hidden from screen readers.
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>
        <GroupButton aria-current={active ? 'true' : undefined}>
          {group.label}
          <Caret />
        </GroupButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="start" sideOffset={10}>
          {group.items.map((item, index) => {
            const current = isLinkActive(item, pathname);
            return (
              <DropdownMenu.Item key={item.to} asChild>
                <MenuLink
                  ref={index === 0 ? focusOnce : undefined}
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                >
                  {item.label}
                </MenuLink>
              </DropdownMenu.Item>
            );
          })}
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const MenuContent = styled(DropdownMenu.Content)`
  z-index: ${({ theme }) => theme.zIndex.nav + 1};
  min-width: 14rem;
  padding: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const MenuLink = styled(SiteLink)`
  display: block;
  padding: 0.55rem 0.85rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.ink};
  text-decoration: none;
  font-weight: 500;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.brandSoft};
    color: ${({ theme }) => theme.colors.brandDark};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
  &[aria-current='page'] {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brandDark};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.brand};
  }
`;
