/**
 * A gentle fade-and-rise as content appears. It carries its own (lazy) MotionProvider so it also
 * animates in isolation, e.g. in a story; nested LazyMotion instances share the one features chunk.
 * Under reduced motion it only fades.
 */
import { m } from 'framer-motion';
import type { ReactNode } from 'react';
import { MotionProvider } from './MotionProvider';

export interface RevealProps {
  children: ReactNode;
  /** Seconds to wait before the reveal starts. */
  delay?: number;
  className?: string;
}

export function Reveal({ children, delay = 0, className }: RevealProps) {
  return (
    <MotionProvider>
      <m.div
        className={className}
        initial={{ opacity: 0, y: 12 }}
        animate={{ opacity: 1, y: 0 }}
        transition={{ duration: 0.6, ease: 'easeOut', delay }}
      >
        {children}
      </m.div>
    </MotionProvider>
  );
}
