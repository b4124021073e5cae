/**
 * Radix Toast renders the queue: its defaults are the documented figures (5000 ms, swipe right
 * 50 px, F8 to focus the viewport). Its own chunk, loaded by Toaster when the first toast is raised.
 */
import * as RadixToast from '@radix-ui/react-toast';
import styled, { css } from 'styled-components';
import { media } from '../../theme';
import { useToast, type ToastVariant } from './toastStore';

export function ToastRegion() {
  const { toasts, dismiss } = useToast();
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant, open }) => (
        <Root
          key={id}
          open={open}
          $variant={variant}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          <div>
            {title ? <Title>{title}</Title> : null}
            {description ? <Description>{description}</Description> : null}
          </div>
          {action ? (
            <Action altText={action.altText} onClick={action.onClick}>
              {action.label}
            </Action>
          ) : null}
          <Close aria-label="Close notification">×</Close>
        </Root>
      ))}
      <Viewport hotkey={['F8']} />
    </RadixToast.Provider>
  );
}

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  list-style: none;
  outline: none;
  ${media.md} {
    max-width: 420px;
  }
`;

const Root = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  border: 1px solid ${({ theme }) => theme.colors.border};
  ${({ $variant, theme }) =>
    $variant === 'destructive' &&
    css`
      background: ${theme.colors.danger};
      border-color: ${theme.colors.danger};
      color: #fff;
    `}
  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='end'] {
    transform: translateX(var(--radix-toast-swipe-end-x));
  }
`;

const Title = styled(RadixToast.Title)`
  font-weight: 700;
`;

const Description = styled(RadixToast.Description)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Outlined in the text's colour, so it reads on both variants. */
const Action = styled(RadixToast.Action)`
  flex-shrink: 0;
  align-self: center;
  padding: 0.3rem 0.9rem;
  border: 1.5px solid currentColor;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: inherit;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  &:hover {
    background: color-mix(in srgb, currentColor 12%, transparent);
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Close = styled(RadixToast.Close)`
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
`;
