/**
 * The domain's ports over the mocks' state: every handler that reads or changes members,
 * reflections, achievements, ripple effects or the map goes through the domain's use cases with
 * this store, so the mocks answer by the same rules as the server. It reads mockDb's arrays afresh
 * on every call, so it follows `resetMockDb()`.
 */
import {
  memoryAdminActivity,
  memoryStore,
  memoryStoreInsights,
  type AdminActivityLog,
  type DomainWrites,
  type InsightSource,
} from '@prr/domain';
import { mockDb } from './db.js';

export const mockStore: DomainWrites = memoryStore(mockDb);
/** The admin's actions, over mockDb.adminActivity. */
export const mockAdminActivity: AdminActivityLog = memoryAdminActivity(mockDb);
/** Insights' sums over the same arrays, with a cache in memory as the lowdb server keeps it. */
export const mockInsights: InsightSource = memoryStoreInsights(mockDb, () => mockDb.insightCache);
