/** The admin's Activity page: its pages and its CSV export (docs/product/rules.md#security-events). */
import Router from '@koa/router';
import { adminActivityExport, api } from '@prr/contract';
import { adminActivityCsv, adminActivityPage } from '@prr/domain';
import { recordAdminAction } from '../audit/adminActions.js';
import type { AppState } from '../http/context.js';
import { sendCsv } from '../http/csvDownload.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import { requireAdmin } from '../middleware/requireAdmin.js';

export function adminActivityRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.adminActivity, ({ query }) => adminActivityPage(deps.store.adminActivity, query));
  router.get(adminActivityExport.path, requireAdmin(deps.sessions, deps.adminAuth, deps.logger), async (ctx) => {
    // Recorded first, so the file the admin downloads lists this export too.
    await recordAdminAction(deps, ctx, 'activity.export');
    sendCsv(ctx, deps.logger, adminActivityExport, adminActivityCsv(deps.store.adminActivity));
  });
  return router;
}
