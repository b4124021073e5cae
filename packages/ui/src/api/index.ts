export * from './routeQuery';
export * from './hooks';
export * from './adminSecondFactor';
export * from './memberEngagement';
export * from './memberDashboard';
export { isUnauthenticated, useSignedOutOn401 } from './memberSession';
export { isRateLimited, rateLimitMessage } from './rateLimit';
export { SIGNED_OUT_VARIANT, presetSignedOut } from './signedOutPage';
