/**
 * Loading, empty and error states for any read, so every screen says the same thing the same way.
 * Loading and empty are polite status messages; errors are alerts with an optional retry.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button';

export type StatusKind = 'loading' | 'empty' | 'error';

export interface StatusMessageProps {
  kind: StatusKind;
  children: ReactNode;
  onRetry?: () => void;
}

export function StatusMessage({ kind, children, onRetry }: StatusMessageProps) {
  return (
    <Box role={kind === 'error' ? 'alert' : 'status'} $kind={kind}>
      {kind === 'loading' ? <Spinner aria-hidden /> : null}
      <span>{children}</span>
      {kind === 'error' && onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Box>
  );
}

const Box = styled.div<{ $kind: StatusKind }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
  color: ${({ theme, $kind }) => ($kind === 'error' ? theme.colors.danger : theme.colors.inkSoft)};
`;

const Spinner = styled.span`
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.brandSoft};
  border-top-color: ${({ theme }) => theme.colors.brand};
  animation: spin 0.9s linear infinite;
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
