export { MotionProvider } from './MotionProvider';
export { Reveal, type RevealProps } from './Reveal';
export { useReducedMotion, prefersReducedMotion, ReducedMotionPreference } from './useReducedMotion';
export { scrollBehavior, scrollToTop, scrollToId } from './scroll';
