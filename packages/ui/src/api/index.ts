export * from './routeQuery';
export * from './hooks';
export { isUnauthenticated, useSignedOutOn401 } from './memberSession';
export { isRateLimited, rateLimitMessage } from './rateLimit';
