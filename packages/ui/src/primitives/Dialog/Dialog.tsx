/**
 * Radix Dialog with the site's look: focus trap, Escape to close, labelled by its title. It is
 * opened by the caller's state rather than a Radix Trigger, so it remembers what had focus when it
 * opened and returns focus there when it closes (Radix alone would leave keyboard users on <body>).
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out after the title; visually hidden when `hideDescription`. */
  description?: ReactNode;
  hideDescription?: boolean;
  children: ReactNode;
  /** 'wide' for images and long text. */
  size?: 'md' | 'wide';
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  hideDescription,
  children,
  size = 'md',
}: DialogProps) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content
          $size={size}
          onOpenAutoFocus={() => {
            // Runs before Radix moves focus into the dialog, so this is the opener.
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (returnFocusTo.current?.isConnected) {
              event.preventDefault();
              returnFocusTo.current.focus();
            }
          }}
        >
          <Header>
            <Title>{title}</Title>
            <Close aria-label="Close">×</Close>
          </Header>
          {description ? (
            <Description className={hideDescription ? 'visually-hidden' : undefined}>{description}</Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          {children}
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(43, 33, 24, 0.6);
  z-index: ${({ theme }) => theme.zIndex.overlay};
`;

const Content = styled(RadixDialog.Content)<{ $size: 'md' | 'wide' }>`
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  z-index: ${({ theme }) => theme.zIndex.overlay + 1};
  width: min(calc(100vw - 2rem), ${({ $size }) => ($size === 'wide' ? '960px' : '560px')});
  max-height: calc(100vh - 2rem);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  padding: ${({ theme }) => theme.space.lg};
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

const Title = styled(RadixDialog.Title)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Description = styled(RadixDialog.Description)`
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Close = styled(RadixDialog.Close)`
  border: 0;
  background: transparent;
  font-size: 1.75rem;
  line-height: 1;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.inkSoft};
`;
