/**
 * The side panel of the narrow menu (Radix Dialog: focus trap, Escape, focus back on the menu
 * button). Every page flat, ending with 'Join the Experiment'; choosing an item closes it.
 * Loaded lazily by MobileMenu.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { SiteLink, useSiteLocation } from '../../navigation';
import styled, { keyframes } from 'styled-components';
import { paths } from '../../config';
import { ButtonLink } from '../../primitives';
import { flatLinks, isLinkActive } from '../navItems';

export interface MobileMenuPanelProps {
  onClose: () => void;
  /** The button that opened the panel; it is outside the Dialog, so Radix cannot find it itself. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

export function MobileMenuPanel({ onClose, returnFocusTo }: MobileMenuPanelProps) {
  const { pathname } = useSiteLocation();

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Overlay />
        <Panel
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
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
                    onClick={onClose}
                  >
                    {item.label}
                  </PanelLink>
                </li>
              ))}
            </LinkList>
            <ButtonLink to={paths.experiment} block onClick={onClose}>
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

const PanelLink = styled(SiteLink)`
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
