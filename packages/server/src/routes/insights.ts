/**
 * What the 90 days show (docs/product/insights.md): the admin's Insights with its CSV and cache,
 * the evidence the admin publishes or withdraws, and the public evidence.
 */
import Router from '@koa/router';
import { api, insightsExport } from '@prr/contract';
import {
  impact,
  insights,
  insightsCsv,
  publishImpact,
  publishedImpact,
  refreshInsights,
  withdrawImpact,
} from '@prr/domain';
import { recordAdminAction } from '../audit/adminActions.js';
import type { AppState } from '../http/context.js';
import { sendCsv } from '../http/csvDownload.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import { requireAdmin } from '../middleware/requireAdmin.js';
import { inputOf, validate } from '../middleware/validate.js';

export function insightRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const now = () => deps.clock.now();
  const source = deps.store.insights;

  mount(router, deps, api.adminInsights, ({ query }) => insights(source, query, now()));
  mount(router, deps, api.refreshInsights, () => refreshInsights(source));
  router.get(
    insightsExport.path,
    requireAdmin(deps.sessions, deps.adminAuth, deps.logger),
    validate(insightsExport),
    async (ctx) => {
      const { query } = inputOf(ctx, insightsExport);
      const shown = await insights(source, query, now());
      await recordAdminAction(deps, ctx, 'insights.export');
      sendCsv(ctx, deps.logger, insightsExport, insightsCsv(shown));
    },
  );

  mount(router, deps, api.adminImpact, () => publishedImpact(deps.store));
  // Each change is recorded once it has committed (audit/adminActions.ts).
  mount(router, deps, api.publishImpact, async (_input, ctx) => {
    const snapshot = await deps.store.write((tx) => publishImpact(tx, source, now()));
    await recordAdminAction(deps, ctx, 'impact.publish');
    return snapshot;
  });
  mount(router, deps, api.withdrawImpact, async (_input, ctx) => {
    const answer = await deps.store.write((tx) => withdrawImpact(tx));
    await recordAdminAction(deps, ctx, 'impact.withdraw');
    return answer;
  });
  mount(router, deps, api.impact, () => impact(deps.store));
  return router;
}
