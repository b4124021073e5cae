/**
 * The reads that say who is signed in: GET /api/me, and the dashboard's first screen, which says it
 * too (docs/decisions/033-one-request-dashboard.md). Apart from the route table, which names them
 * here, so the page table (the member's frame preloads the dashboard's read) and the signed-out
 * page's island (which marks nobody signed in in its query cache) name them without the schemas
 * (and zod) the route table holds.
 */
export const MEMBER_READ_PATHS = { me: '/api/me', dashboard: '/api/me/dashboard' } as const;
