/**
 * LazyMotion with the animation features loaded on demand (see features.ts). `strict` makes a
 * stray full `motion` component throw, so nobody pulls the whole library back into the bundle.
 * MotionConfig "user" keeps transforms still for visitors who ask for reduced motion.
 */
import { LazyMotion, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';

const loadFeatures = () => import('./features').then((module) => module.default);

export function MotionProvider({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}
