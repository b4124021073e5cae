/**
 * A gentle fade-and-rise as content appears: a CSS animation, so it needs no script (the
 * prerendered page shows it before any JavaScript arrives and ends visible without it), and it is
 * running from the moment the element is drawn. Until its delay is over the content is hidden
 * (`visibility`), so nobody tabs to a button they cannot see yet. Under reduced motion it shows at
 * once, delay and all (docs/decisions/017-motion.md).
 */
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { media } from '../theme/theme';

export interface RevealProps {
  children: ReactNode;
  /** Seconds to wait before the reveal starts. */
  delay?: number;
  className?: string;
}

export function Reveal({ children, delay = 0, className }: RevealProps) {
  return (
    <Rise className={className} style={delay > 0 ? { animationDelay: `${delay}s` } : undefined}>
      {children}
    </Rise>
  );
}

const rise = keyframes`
  from { opacity: 0; transform: translateY(12px); visibility: hidden; }
  to { opacity: 1; transform: none; visibility: visible; }
`;

// `both`: hidden during a delay, and visible at the end whatever happens after.
const Rise = styled.div`
  animation: ${rise} 0.6s ease-out both;
  ${media.reducedMotion} {
    animation: none;
  }
`;
