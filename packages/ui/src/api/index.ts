export * from './routeQuery';
export * from './hooks';
export { isUnauthenticated, useSignedOutOn401 } from './memberSession';
