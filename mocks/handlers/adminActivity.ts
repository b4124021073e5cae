/**
 * The admin's Activity page on the mocks: the same pages and CSV as the server (the domain's
 * adminActivityPage and adminActivityCsv over the mocks' log), and `recordMockAdminAction`, which
 * the other admin handlers call after each change as the server's routes call recordAdminAction.
 */
import { adminActivityExport, api, type AdminAction } from '@prr/contract';
import { adminActivityCsv, adminActivityPage } from '@prr/domain';
import { handle, type HandleOptions } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { csvExportHandler } from '../lib/csvExport.js';
import { mockAdminActivity } from '../store.js';

/** The mocks see no client address: every action comes from this documentation address. */
export const MOCK_ADMIN_NETWORK = '192.0.2.10';

/** Records one admin action at the mocks' clock; the participant by name only. */
export async function recordMockAdminAction(action: AdminAction, participant?: { name: string }): Promise<void> {
  await mockAdminActivity.add({
    id: crypto.randomUUID(),
    at: mockDb.now().toISOString(),
    action,
    adminId: 'demo-admin',
    ...(participant ? { participant: { name: participant.name } } : {}),
    network: MOCK_ADMIN_NETWORK,
  });
}

export function createAdminActivityHandlers(options: HandleOptions = {}) {
  return [
    // Before the page's handler: MSW answers with the first handler whose path matches.
    csvExportHandler(adminActivityExport, options, () => {
      void recordMockAdminAction('activity.export');
      return adminActivityCsv(mockAdminActivity);
    }),
    handle(api.adminActivity, ({ query }) => adminActivityPage(mockAdminActivity, query), options),
  ];
}

export const adminActivityHandlers = createAdminActivityHandlers();
