/**
 * What the 90 days show, on the mocks (docs/product/insights.md): the domain's Insights over the
 * mocks' data with the same threshold, cache, CSV and snapshot as the server, and the public evidence.
 */
import { api, insightsExport, InsightsQuery } from '@prr/contract';
import {
  impact,
  insights,
  insightsCsv,
  publishImpact,
  publishedImpact,
  refreshInsights,
  withdrawImpact,
} from '@prr/domain';
import { handle, validate, type HandleOptions } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { csvExportHandler } from '../lib/csvExport.js';
import { mockInsights, mockStore } from '../store.js';
import { recordMockAdminAction } from './adminActivity.js';

export function createInsightHandlers(options: HandleOptions = {}) {
  return [
    // Before the page's handler: MSW answers with the first handler whose path matches.
    csvExportHandler(insightsExport, options, async (url) => {
      const query = validate(InsightsQuery, Object.fromEntries(url.searchParams), 'query');
      const shown = await insights(mockInsights, query, mockDb.now());
      await recordMockAdminAction('insights.export');
      return insightsCsv(shown);
    }),
    handle(api.adminInsights, ({ query }) => insights(mockInsights, query, mockDb.now()), options),
    handle(api.refreshInsights, () => refreshInsights(mockInsights), options),
    handle(api.adminImpact, () => publishedImpact(mockStore), options),
    handle(
      api.publishImpact,
      async () => {
        const snapshot = await publishImpact(mockStore, mockInsights, mockDb.now());
        await recordMockAdminAction('impact.publish');
        return snapshot;
      },
      options,
    ),
    handle(
      api.withdrawImpact,
      async () => {
        const answer = await withdrawImpact(mockStore);
        await recordMockAdminAction('impact.withdraw');
        return answer;
      },
      options,
    ),
  ];
}

export const insightHandlers = [...createInsightHandlers(), handle(api.impact, () => impact(mockStore))];
