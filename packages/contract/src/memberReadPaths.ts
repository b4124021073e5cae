/**
 * The reads that say who is signed in: GET /api/me, and the dashboard's first screen, which says it
 * too (docs/decisions/033-one-request-dashboard.md). Apart from the route table, which names them
 * here, so the app's entry can mark a signed-out /dashboard in the query cache without loading the
 * schemas (and zod) the route table holds.
 */
export const MEMBER_READ_PATHS = { me: '/api/me', dashboard: '/api/me/dashboard' } as const;
