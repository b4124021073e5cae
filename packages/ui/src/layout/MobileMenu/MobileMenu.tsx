/**
 * Narrow screens: a menu button opening a side panel (Radix Dialog: focus trap, Escape, focus
 * returns to the button) that lists every page flat, ending with 'Join the Experiment'.
 * Choosing an item closes the panel.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { paths } from '../../config';
import { ButtonLink } from '../../primitives';
import { homeLink, isLinkActive, loginLink, navGroups } from '../navItems';

const flatLinks = [homeLink, ...navGroups.flatMap((group) => group.items), loginLink];

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <MenuButton type="button" aria-label="Open menu">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span aria-hidden="true">Menu</span>
        </MenuButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Overlay />
        <Panel aria-describedby={undefined}>
          <PanelHeader>
            <Dialog.Title asChild>
              <PanelTitle>Menu</PanelTitle>
            </Dialog.Title>
            <Dialog.Close asChild>
              <CloseButton type="button" aria-label="Close menu">
                ×
              </CloseButton>
            </Dialog.Close>
          </PanelHeader>
          <nav aria-label="Main">
            <LinkList>
              {flatLinks.map((item) => (
                <li key={item.to}>
                  <PanelLink
                    to={item.to}
                    aria-current={isLinkActive(item, pathname) ? 'page' : undefined}
                    onClick={close}
                  >
                    {item.label}
                  </PanelLink>
                </li>
              ))}
            </LinkList>
            <ButtonLink to={paths.experiment} block onClick={close}>
              Join the Experiment
            </ButtonLink>
          </nav>
        </Panel>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const slideIn = keyframes`
  from { transform: translateX(100%); }
  to { transform: translateX(0); }
`;

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

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

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(43, 33, 24, 0.55);
  z-index: ${({ theme }) => theme.zIndex.overlay};
  animation: ${fadeIn} 200ms ease-out;
`;

const Panel = styled(Dialog.Content)`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay + 1};
  width: min(86vw, 340px);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.paper};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  animation: ${slideIn} 250ms ease-out;
`;

const PanelHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const PanelTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const CloseButton = styled.button`
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  font-size: 1.8rem;
  line-height: 1;
  color: ${({ theme }) => theme.colors.inkSoft};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.sand};
  }
`;

const LinkList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
`;

const PanelLink = styled(Link)`
  display: block;
  padding: 0.7rem ${({ theme }) => theme.space.sm};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.ink};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.brandDark};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.brandDark};
    box-shadow: inset 4px 0 0 ${({ theme }) => theme.colors.brand};
    padding-left: ${({ theme }) => theme.space.md};
  }
`;
