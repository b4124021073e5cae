/**
 * framer-motion's animation features, split into their own chunk: LazyMotion loads this module
 * with a dynamic import, so the first page's critical JS carries only the tiny `m` components.
 */
export { domAnimation as default } from 'framer-motion';
