/**
 * The organiser's Insights and the movement's evidence (docs/product/insights.md): figures from a
 * store's sums, cached in the store for INSIGHTS_CACHE_MINUTES (or until the admin refreshes),
 * and the snapshot the admin publishes on /impact.
 */
import type { ImpactSnapshot, Insights, InsightsQuery } from '@prr/contract';
import { AppError, notFound } from '../errors.js';
import type { DomainReads, DomainWrites, InsightSource } from '../ports.js';
import { insightsView } from './insightsView.js';
import type { InsightFilter, InsightTotals } from './totals.js';

export const INSIGHTS_CACHE_MINUTES = 10;

/** Totals as a store caches them: when they were computed, and the sums. */
export interface CachedInsightTotals {
  computedAt: string;
  totals: InsightTotals;
}

export const IMPACT_MESSAGES = {
  notPublished: 'Nothing is published on /impact',
} as const;

const cacheKey = (filter: InsightFilter) => JSON.stringify([filter.state, filter.joinMonth]);

/** The filter's totals: from the cache while younger than INSIGHTS_CACHE_MINUTES, computed afresh otherwise. */
async function totalsFor(source: InsightSource, filter: InsightFilter, now: Date): Promise<CachedInsightTotals> {
  const key = cacheKey(filter);
  const cached = await source.cached(key);
  if (cached && now.getTime() - Date.parse(cached.computedAt) < INSIGHTS_CACHE_MINUTES * 60_000) return cached;
  const fresh = { computedAt: now.toISOString(), totals: await source.totals(filter, now) };
  await source.cache(key, fresh);
  return fresh;
}

export async function insights(source: InsightSource, query: InsightsQuery, now: Date): Promise<Insights> {
  const { computedAt, totals } = await totalsFor(source, query, now);
  return insightsView(totals, query, computedAt);
}

/** The admin asked for fresh figures: the next read of every filter computes them. */
export async function refreshInsights(source: InsightSource): Promise<{ refreshed: true }> {
  await source.clearCache();
  return { refreshed: true };
}

const WHOLE_MOVEMENT: InsightFilter = { state: '', joinMonth: '' };

/** Publishes the whole movement's evidence as Insights shows it now, replacing any earlier snapshot. */
export async function publishImpact(tx: DomainWrites, source: InsightSource, now: Date): Promise<ImpactSnapshot> {
  const shown = await insights(source, WHOLE_MOVEMENT, now);
  const snapshot: ImpactSnapshot = {
    publishedAt: now.toISOString(),
    computedAt: shown.computedAt,
    evidence: shown.evidence,
  };
  await tx.replaceImpactSnapshot(snapshot);
  return snapshot;
}

export async function withdrawImpact(tx: DomainWrites): Promise<{ withdrawn: true }> {
  if (!(await tx.impactSnapshot())) throw new AppError('conflict', IMPACT_MESSAGES.notPublished);
  await tx.replaceImpactSnapshot(undefined);
  return { withdrawn: true };
}

export async function publishedImpact(store: DomainReads): Promise<{ snapshot: ImpactSnapshot | null }> {
  return { snapshot: (await store.impactSnapshot()) ?? null };
}

/** The public evidence: 404 until the admin publishes it. */
export async function impact(store: DomainReads): Promise<ImpactSnapshot> {
  const snapshot = await store.impactSnapshot();
  if (!snapshot) throw notFound(IMPACT_MESSAGES.notPublished);
  return snapshot;
}
